/**
 * Pure rules of the OCI Distribution Specification v1.1 as this platform serves it under
 * `/v2/<repoKey>/<image>/…`: which path is which endpoint, names, references and digests,
 * the specification's error codes and statuses, what a manifest names, byte ranges and the
 * tags list's pagination. No I/O here.
 */

/** The specification's error codes with the status each answers. */
export const OCI_ERRORS = {
  BLOB_UNKNOWN: 404,
  BLOB_UPLOAD_INVALID: 400,
  BLOB_UPLOAD_UNKNOWN: 404,
  DIGEST_INVALID: 400,
  MANIFEST_BLOB_UNKNOWN: 400,
  MANIFEST_INVALID: 400,
  MANIFEST_UNKNOWN: 404,
  NAME_INVALID: 400,
  NAME_UNKNOWN: 404,
  SIZE_INVALID: 400,
  UNAUTHORIZED: 401,
  DENIED: 403,
  UNSUPPORTED: 405,
  TOOMANYREQUESTS: 429,
} as const
export type OciErrorCode = keyof typeof OCI_ERRORS

/** An error the routes answer in the specification's shape `{"errors":[{code,message,detail}]}`. */
export class OciError extends Error {
  constructor(
    readonly code: OciErrorCode,
    message: string,
    readonly status: number = OCI_ERRORS[code],
    readonly detail?: unknown,
  ) {
    super(message)
  }
}

export const errorBody = (code: string, message: string, detail?: unknown) => ({
  errors: [{ code, message, ...(detail === undefined ? {} : { detail }) }],
})

export const MEDIA = {
  ociManifest: 'application/vnd.oci.image.manifest.v1+json',
  ociIndex: 'application/vnd.oci.image.index.v1+json',
  dockerManifest: 'application/vnd.docker.distribution.manifest.v2+json',
  dockerList: 'application/vnd.docker.distribution.manifest.list.v2+json',
  ociConfig: 'application/vnd.oci.image.config.v1+json',
  dockerConfig: 'application/vnd.docker.container.image.v1+json',
} as const

export const MANIFEST_TYPES: readonly string[] = [
  MEDIA.ociManifest,
  MEDIA.ociIndex,
  MEDIA.dockerManifest,
  MEDIA.dockerList,
]
export const isIndexType = (mediaType: string) =>
  mediaType === MEDIA.ociIndex || mediaType === MEDIA.dockerList

/** One path component of a repository name, as the specification's grammar has it. */
const COMPONENT = '[a-z0-9]+(?:(?:\\.|_|__|-+)[a-z0-9]+)*'
const NAME = new RegExp(`^${COMPONENT}(?:/${COMPONENT})*$`)
const TAG = /^[a-zA-Z0-9_][a-zA-Z0-9._-]{0,127}$/
const DIGEST = /^sha256:[a-f0-9]{64}$/
const ANY_DIGEST = /^[a-z0-9]+(?:[+._-][a-z0-9]+)*:[a-zA-Z0-9=_-]+$/
/** Names longer than this are refused (the specification lets registries bound them). */
export const MAX_NAME = 255

export const isTag = (s: string) => TAG.test(s)
export const isDigest = (s: string) => DIGEST.test(s)
export const hexOf = (digest: string) => digest.slice('sha256:'.length)

/** A digest this registry can check (sha256), or the specification's error for one it cannot. */
export function checkDigest(s: string | undefined): string {
  if (s && DIGEST.test(s)) return s
  if (s && ANY_DIGEST.test(s)) throw new OciError('DIGEST_INVALID', `Only sha256 digests are supported: ${s}`)
  throw new OciError('DIGEST_INVALID', 'The digest is missing or not valid')
}

/** What a /v2/ path asks for. The repository key is the name's first component. */
export type Endpoint =
  | { readonly kind: 'base' }
  | { readonly kind: 'catalog' }
  | { readonly kind: 'tags'; readonly repo: string; readonly image: string }
  | { readonly kind: 'manifest'; readonly repo: string; readonly image: string; readonly reference: string }
  | { readonly kind: 'blob'; readonly repo: string; readonly image: string; readonly digest: string }
  | { readonly kind: 'uploads'; readonly repo: string; readonly image: string }
  | { readonly kind: 'upload'; readonly repo: string; readonly image: string; readonly id: string }
  | { readonly kind: 'referrers'; readonly repo: string; readonly image: string; readonly digest: string }

const ENDPOINTS = [
  [/^(.+)\/tags\/list$/, 'tags'],
  [/^(.+)\/manifests\/([^/]+)$/, 'manifest'],
  [/^(.+)\/blobs\/uploads\/?$/, 'uploads'],
  [/^(.+)\/blobs\/uploads\/([^/]+)$/, 'upload'],
  [/^(.+)\/blobs\/([^/]+)$/, 'blob'],
  [/^(.+)\/referrers\/([^/]+)$/, 'referrers'],
] as const

/** The endpoint of a path below `/v2/` (without the query), or undefined when it is none. */
export function parseEndpoint(rest: string): Endpoint | undefined {
  if (rest === '') return { kind: 'base' }
  if (rest === '_catalog') return { kind: 'catalog' }
  for (const [pattern, kind] of ENDPOINTS) {
    const m = pattern.exec(rest)
    if (!m) continue
    const name = m[1]!
    const arg = m[2] ?? ''
    const slash = name.indexOf('/')
    if (slash <= 0 || name.length > MAX_NAME || !NAME.test(name))
      throw new OciError('NAME_INVALID', `Not a repository name: ${name}`)
    const repo = name.slice(0, slash)
    const image = name.slice(slash + 1)
    switch (kind) {
      case 'tags':
        return { kind: 'tags', repo, image }
      case 'manifest':
        if (!isTag(arg) && !ANY_DIGEST.test(arg))
          throw new OciError('MANIFEST_INVALID', `Not a tag or digest: ${arg}`, 400)
        return { kind: 'manifest', repo, image, reference: arg }
      case 'uploads':
        return { kind: 'uploads', repo, image }
      case 'upload':
        return { kind: 'upload', repo, image, id: arg }
      case 'blob':
        return { kind: 'blob', repo, image, digest: arg }
      case 'referrers':
        return { kind: 'referrers', repo, image, digest: arg }
    }
  }
  return undefined
}

export interface Descriptor {
  readonly mediaType: string
  readonly digest: string
  readonly size: number
  readonly artifactType?: string
  readonly annotations?: Record<string, string>
  readonly platform?: { readonly architecture?: string; readonly os?: string; readonly variant?: string }
}

/** What a manifest names: the blobs (config, layers) or the manifests (an index) it needs, and its subject. */
export interface ParsedManifest {
  readonly mediaType: string
  readonly config?: Descriptor
  readonly layers: readonly Descriptor[]
  readonly manifests: readonly Descriptor[]
  readonly subject?: Descriptor
  readonly artifactType?: string
  readonly annotations?: Record<string, string>
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

function descriptor(v: unknown, where: string): Descriptor {
  if (
    !isObject(v) ||
    typeof v.mediaType !== 'string' ||
    typeof v.digest !== 'string' ||
    typeof v.size !== 'number' ||
    !Number.isSafeInteger(v.size) ||
    v.size < 0
  )
    throw new OciError('MANIFEST_INVALID', `${where} is not a descriptor (mediaType, digest, size)`)
  if (!ANY_DIGEST.test(v.digest)) throw new OciError('MANIFEST_INVALID', `${where} has no valid digest`)
  const platform = isObject(v.platform) ? v.platform : undefined
  return {
    mediaType: v.mediaType,
    digest: v.digest,
    size: v.size,
    ...(typeof v.artifactType === 'string' ? { artifactType: v.artifactType } : {}),
    ...(isObject(v.annotations) ? { annotations: v.annotations as Record<string, string> } : {}),
    ...(platform
      ? {
          platform: {
            ...(typeof platform.architecture === 'string' ? { architecture: platform.architecture } : {}),
            ...(typeof platform.os === 'string' ? { os: platform.os } : {}),
            ...(typeof platform.variant === 'string' ? { variant: platform.variant } : {}),
          },
        }
      : {}),
  }
}

const descriptors = (v: unknown, where: string): Descriptor[] => {
  if (v === undefined) return []
  if (!Array.isArray(v)) throw new OciError('MANIFEST_INVALID', `${where} must be a list`)
  return v.map((d, i) => descriptor(d, `${where}[${i}]`))
}

/**
 * Reads a manifest's bytes. The media type is the request's Content-Type, else the document's
 * own `mediaType`; when both are there they must agree.
 */
export function parseManifest(bytes: Buffer, contentType: string | undefined): ParsedManifest {
  let doc: unknown
  try {
    doc = JSON.parse(bytes.toString('utf8'))
  } catch {
    throw new OciError('MANIFEST_INVALID', 'The manifest is not JSON')
  }
  if (!isObject(doc)) throw new OciError('MANIFEST_INVALID', 'The manifest is not a JSON object')
  if (doc.schemaVersion !== 2) throw new OciError('MANIFEST_INVALID', 'Only schemaVersion 2 is supported')
  const declared = typeof doc.mediaType === 'string' ? doc.mediaType : undefined
  const sent = contentType?.split(';')[0]?.trim().toLowerCase()
  const headerType = sent && MANIFEST_TYPES.includes(sent) ? sent : undefined
  if (headerType && declared && headerType !== declared)
    throw new OciError('MANIFEST_INVALID', `Content-Type ${headerType} but the manifest says ${declared}`)
  const mediaType =
    headerType ?? declared ?? (Array.isArray(doc.manifests) ? MEDIA.ociIndex : MEDIA.ociManifest)
  if (!MANIFEST_TYPES.includes(mediaType))
    throw new OciError('MANIFEST_INVALID', `Unsupported manifest media type ${mediaType}`)
  const subject = doc.subject === undefined ? undefined : descriptor(doc.subject, 'subject')
  const annotations = isObject(doc.annotations) ? (doc.annotations as Record<string, string>) : undefined
  const artifactType = typeof doc.artifactType === 'string' ? doc.artifactType : undefined
  const common = {
    mediaType,
    ...(subject ? { subject } : {}),
    ...(annotations ? { annotations } : {}),
    ...(artifactType ? { artifactType } : {}),
  }
  if (isIndexType(mediaType)) {
    if (!Array.isArray(doc.manifests)) throw new OciError('MANIFEST_INVALID', 'An index needs manifests')
    return { ...common, layers: [], manifests: descriptors(doc.manifests, 'manifests') }
  }
  const config = descriptor(doc.config, 'config')
  return { ...common, config, layers: descriptors(doc.layers, 'layers'), manifests: [] }
}

/** The artifact type the referrers API reports: the manifest's own, else its config's media type. */
export const artifactTypeOf = (m: ParsedManifest): string | undefined =>
  m.artifactType ?? (isIndexType(m.mediaType) ? undefined : m.config?.mediaType)

/**
 * A `Range: bytes=a-b` request header against a blob of `size` bytes: the inclusive range to
 * send, 'unsatisfiable', or undefined for the whole blob (no header, or one we do not serve, such
 * as several ranges: the whole blob is a valid answer then).
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header) return undefined
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!m || (m[1] === '' && m[2] === '')) return undefined
  if (m[1] === '') {
    const suffix = Number(m[2])
    if (suffix === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(m[1])
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  if (start >= size || end < start) return 'unsatisfiable'
  return { start, end }
}

/** A chunk's `Content-Range: <start>-<end>` header (the specification's form, no unit). */
export function chunkRange(header: string | undefined): { start: number; end: number } | undefined {
  if (!header) return undefined
  const m = /^(?:bytes[ =])?(\d+)-(\d+)(?:\/(?:\d+|\*))?$/.exec(header.trim())
  if (!m) return undefined
  return { start: Number(m[1]), end: Number(m[2]) }
}

/** A `n` query parameter: a page size, bounded; undefined when absent. */
export function pageSize(raw: unknown, max: number): number | undefined {
  if (raw === undefined || raw === '') return undefined
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 0) throw new OciError('UNSUPPORTED', 'n must be a whole number', 400)
  return Math.min(n, max)
}

/**
 * A page of a lexically sorted list: the entries after `last`, at most `n` of them, and whether
 * more follow (the routes then answer a `Link: <…>; rel="next"` header).
 */
export function pageOf(
  sorted: readonly string[],
  n: number | undefined,
  last: string | undefined,
): { items: string[]; more: boolean } {
  const after = last === undefined ? sorted : sorted.filter((s) => s > last)
  if (n === undefined) return { items: [...after], more: false }
  return { items: after.slice(0, n), more: after.length > n }
}

/** The upload session's `Range` header: the bytes received so far (`0-0` when none, as clients expect). */
export const uploadRange = (offset: number) => `0-${Math.max(0, offset - 1)}`

/** The config's facts shown beside an image: architecture, OS, creation, and the layer commands. */
export interface ImageConfigFacts {
  readonly architecture: string
  readonly os: string
  /** The CPU variant (`v8` of arm64), '' when the config names none. */
  readonly variant: string
  readonly created: string | null
  /** The commands of the layers that have bytes, in order (empty_layer entries skipped). */
  readonly commands: readonly string[]
}

export function configFacts(bytes: Buffer | undefined): ImageConfigFacts {
  let doc: unknown
  try {
    doc = bytes ? JSON.parse(bytes.toString('utf8')) : undefined
  } catch {
    doc = undefined
  }
  const config = isObject(doc) ? doc : {}
  const history = Array.isArray(config.history) ? config.history.filter(isObject) : []
  return {
    architecture: typeof config.architecture === 'string' ? config.architecture : '',
    os: typeof config.os === 'string' ? config.os : '',
    variant: typeof config.variant === 'string' ? config.variant : '',
    created: typeof config.created === 'string' ? config.created : null,
    commands: history
      .filter((h) => h.empty_layer !== true)
      .map((h) => (typeof h.created_by === 'string' ? h.created_by : '')),
  }
}

/** A platform as registries and clients write it: `os/architecture[/variant]` ('' when unknown). */
export function platformName(p: {
  readonly os?: string
  readonly architecture?: string
  readonly variant?: string
}) {
  if (!p.os || !p.architecture) return ''
  return [p.os, p.architecture, ...(p.variant ? [p.variant] : [])].join('/')
}

/**
 * The platforms a tag's catalogue properties name: every image of an index
 * (`docker.platforms`), else the one image's OS and architecture.
 */
export function platformsOf(properties: ReadonlyArray<{ key: string; values: readonly string[] }>): string[] {
  const named = (key: string) => properties.find((p) => p.key === key)?.values ?? []
  const listed = named('docker.platforms')
  if (listed.length > 0) return [...listed]
  const one = platformName({ os: named('docker.os')[0], architecture: named('docker.architecture')[0] })
  return one ? [one] : []
}
