/**
 * The platform's calls to a git vendor's REST API with an integration's token: the user
 * endpoint (connection test, connectionTest.ts) and the repositories the token can reach
 * (GitHub `user/repos`, GitLab `projects?membership=true`, Bitbucket Cloud
 * `repositories?role=member`, Bitbucket Server `repos`). Every answer is checked for the fields
 * used; redirects are not followed, and each call is bounded in time and size.
 */
import { HttpError } from '../context'
import { readAll, upstreamRequest, UpstreamFault, type UpstreamResponse } from '../upstream/fetch'
import type { Vendor } from './vendors'

/** Longest wait for the connection, and longest silence of an answer. */
export const VENDOR_TIMEOUT_MS = 5000
/** The largest answer read: a page of repositories, a manifest. */
export const VENDOR_MAX_BYTES = 20 * 1024 * 1024
/** One page of up to 100 repositories: enough for the reference platform's screen. */
const PAGE = 100

/** An endpoint under the API base URL the admin gave (with or without its trailing slash). */
export function vendorEndpoint(baseUrl: string, path: string): string {
  return new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).toString()
}

export interface VendorRepository {
  /** The full path, owner/name. */
  readonly name: string
  readonly private: boolean
}

/**
 * One GET of the vendor's API with the token, through the platform's one guarded way out
 * (server/upstream/fetch.ts): never to a link-local or cloud metadata address, however the base
 * URL names it or resolves; redirects answered as they came, not followed (the token is meant for
 * that URL only); bounded by the time-outs (VENDOR_TIMEOUT_MS unless given) and VENDOR_MAX_BYTES.
 * Failures are UpstreamFaults.
 */
export function vendorGet(
  url: string,
  token: string,
  accept: string,
  timeoutMs = VENDOR_TIMEOUT_MS,
): Promise<UpstreamResponse> {
  return upstreamRequest(url, {
    headers: { accept },
    credentials: { kind: 'token', token },
    redirect: 'manual',
    limits: {
      connectTimeoutMs: timeoutMs,
      readTimeoutMs: timeoutMs,
      maxBytes: VENDOR_MAX_BYTES,
    },
  })
}

async function getJson(url: string, token: string): Promise<unknown> {
  let res: UpstreamResponse
  try {
    res = await vendorGet(url, token, 'application/json')
  } catch (error) {
    if (!(error instanceof UpstreamFault)) throw error
    throw new HttpError(502, 'The git vendor could not be reached', 'VENDOR_UNREACHABLE')
  }
  if (res.status === 401 || res.status === 403) {
    res.body.destroy()
    throw new HttpError(502, 'The git vendor refused the integration token', 'VENDOR_REFUSED')
  }
  if (res.status < 200 || res.status >= 300) {
    res.body.destroy()
    throw new HttpError(502, `The git vendor answered HTTP ${res.status}`, 'VENDOR_ERROR')
  }
  let body: Buffer
  try {
    body = await readAll(res)
  } catch (error) {
    if (!(error instanceof UpstreamFault)) throw error
    throw new HttpError(
      502,
      error.kind === 'tooLarge'
        ? `The git vendor answered more than ${VENDOR_MAX_BYTES / (1024 * 1024)} MB`
        : 'The git vendor could not be reached',
      error.kind === 'tooLarge' ? 'VENDOR_ERROR' : 'VENDOR_UNREACHABLE',
    )
  }
  try {
    return JSON.parse(body.toString('utf8'))
  } catch {
    throw new HttpError(502, 'The git vendor answered something that is not JSON', 'VENDOR_ERROR')
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

/** The connection test's "who am I" call under the API base: Bitbucket Server has no `user`. */
export function userEndpointPath(vendor: Vendor): string {
  return vendor.name === 'bitbucket_server' ? 'users?limit=1' : 'user'
}

/** Bitbucket's paged answers hold the list in `values`. */
const values = (body: unknown): unknown => (isRecord(body) ? body.values : undefined)

function decodeList(body: unknown, pick: (item: Record<string, unknown>) => VendorRepository | null) {
  if (!Array.isArray(body))
    throw new HttpError(502, 'The git vendor answered an unexpected list', 'VENDOR_ERROR')
  return body.flatMap((item) => {
    const repo = isRecord(item) ? pick(item) : null
    return repo ? [repo] : []
  })
}

type Pick = (item: Record<string, unknown>) => VendorRepository | null
const str = (v: unknown): v is string => typeof v === 'string'

/** Each vendor's repository list: its path under the API base, where the list is, and one repository. */
const REPOSITORY_LISTS: Readonly<
  Record<Vendor['name'], { path: string; list: (body: unknown) => unknown; pick: Pick }>
> = {
  github: {
    path: `user/repos?per_page=${PAGE}&sort=full_name`,
    list: (body) => body,
    pick: (r) =>
      str(r.full_name) && typeof r.private === 'boolean' ? { name: r.full_name, private: r.private } : null,
  },
  gitlab: {
    path: `projects?membership=true&per_page=${PAGE}&simple=true`,
    list: (body) => body,
    pick: (r) =>
      str(r.path_with_namespace) ? { name: r.path_with_namespace, private: r.visibility !== 'public' } : null,
  },
  bitbucket_cloud: {
    path: `repositories?role=member&pagelen=${PAGE}`,
    list: values,
    pick: (r) =>
      str(r.full_name) && typeof r.is_private === 'boolean'
        ? { name: r.full_name, private: r.is_private }
        : null,
  },
  bitbucket_server: {
    path: `repos?limit=${PAGE}`,
    list: values,
    // A repository's full path there is its project's key and its slug.
    pick: (r) => {
      const key = isRecord(r.project) ? r.project.key : undefined
      return str(key) && str(r.slug) ? { name: `${key}/${r.slug}`, private: r.public !== true } : null
    },
  },
}

/** The repositories the integration's token can reach, sorted by name. */
export async function listRepositories(
  vendor: Vendor,
  baseUrl: string,
  token: string,
): Promise<VendorRepository[]> {
  const { path, list, pick } = REPOSITORY_LISTS[vendor.name]
  const repos = decodeList(list(await getJson(vendorEndpoint(baseUrl, path), token)), pick)
  return repos.sort((a, b) => a.name.localeCompare(b.name))
}
