import * as t from 'io-ts'
import { isLeft, left, map, right } from 'fp-ts/Either'
import type { Result, SupportBundlesApi } from '../ports'
import type { BundleRequest, SupportBundle } from '../../domain/supportBundles/types'
import type { HttpClient } from './client'
import { saveThroughLink, type SaveFile } from './saveFile'

// The wire shape of a bundle (server/API.md, Operations).
const WireBundle = t.intersection([
  t.type({
    id: t.string,
    name: t.string,
    description: t.string,
    create_date: t.string,
    status: t.string,
    service: t.string,
  }),
  t.partial({ node_id: t.string, size: t.number, error: t.string, session_events: t.number }),
])
type WireBundle = t.TypeOf<typeof WireBundle>
const Retention = t.type({ enable: t.boolean })
const Enabled = t.type({ enabled: t.boolean })
const Session = t.type({ events: t.number, log: t.string })

const toBundle = (b: WireBundle): SupportBundle => ({
  id: b.id,
  name: b.name,
  description: b.description,
  createdAt: b.create_date,
  status: b.status,
  service: b.service,
  nodeId: b.node_id ?? null,
  size: b.size ?? null,
  error: b.error ?? null,
  ...(b.session_events !== undefined ? { sessionEvents: b.session_events } : {}),
})

// Artifactory creates through the UI path; the other services have their own (spec 001 section 7).
const CREATE_PATHS: Readonly<Record<string, string>> = {
  distribution: '/distribution/api/v1/system/support/bundle',
  xray: '/xray/api/v1/system/support/bundle',
  mission_control: '/mc/api/v1/system/support/bundle',
  insight: '/insight/api/v1/system/support/bundle',
  tracker: '/tracker/api/v3/pdn/system/support/bundle',
}

function createBody(request: BundleRequest, session: string | undefined) {
  const body = {
    name: request.name,
    description: request.description,
    service: request.service,
    parameters: { thread_dump: { count: request.threadDumpCount, interval: request.threadDumpInterval } },
    // The console session's redacted log (NDJSON), when the user chose to attach it.
    ...(session !== undefined ? { session } : {}),
  }
  // Mission Control takes the body without its service field.
  if (request.service === 'mission_control') {
    const { service: _omitted, ...rest } = body
    return rest
  }
  return body
}

/** The file name the server gives in Content-Disposition, reduced to safe characters. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(header ?? '')
  const name = (match?.[1] ?? '').replace(/[^A-Za-z0-9._-]/g, '_')
  return name === '' || name.startsWith('.') ? fallback : name
}

export interface SupportBundlesApiOptions {
  readonly fetch?: typeof fetch
  readonly saveFile?: SaveFile
}

/** The supportBundles area's calls to the platform (see server/API.md, Operations). */
export function createSupportBundlesApi(
  http: HttpClient,
  options: SupportBundlesApiOptions = {},
): SupportBundlesApi {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init))
  const save = options.saveFile ?? saveThroughLink
  const byId = (verb: string, id: string) => `/ui/userSupport/${verb}/${encodeURIComponent(id)}`
  return {
    list: async () =>
      map((bundles: WireBundle[]) => bundles.map(toBundle))(
        await http.request('/ui/userSupport/listBundles', t.array(WireBundle)),
      ),
    create: async (request, session) =>
      map(toBundle)(
        await http.request(CREATE_PATHS[request.service] ?? '/ui/userSupport/generateBundle', WireBundle, {
          method: 'POST',
          body: createBody(request, session),
        }),
      ),
    session: async (id) =>
      map((s: t.TypeOf<typeof Session>) => s.log)(await http.request(byId('bundleSession', id), Session)),
    remove: (id) => http.send(byId('deleteBundle', id), { method: 'DELETE' }),
    async download(id): Promise<Result<void>> {
      let response: Response
      try {
        response = await doFetch(http.url(byId('downloadBundle', id)), {
          credentials: 'same-origin',
          headers: { 'X-Requested-With': 'XMLHttpRequest' },
        })
      } catch (error) {
        return left({ kind: 'network', message: error instanceof Error ? error.message : 'network error' })
      }
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { message?: unknown } | null
        const message = typeof body?.message === 'string' ? body.message : response.statusText
        return left({ kind: 'status', status: response.status, message })
      }
      const blob = await response.blob()
      save(blob, attachmentName(response.headers.get('content-disposition'), `support-bundle-${id}.zip`))
      return right(undefined)
    },
    missionControlAvailable: async () => {
      const enabled = await http.request('/system/ismicroserviceenabled/mc', Enabled)
      if (isLeft(enabled) || !enabled.right.enabled) return map(() => false)(enabled)
      const ping = await http.send('/mc/api/v4/system/ping')
      // A Mission Control that is enabled but not running answers its ping with 404.
      if (isLeft(ping)) return ping.left.kind === 'status' && ping.left.status === 404 ? right(false) : ping
      return right(true)
    },
    retentionEnabled: async () =>
      map((a: t.TypeOf<typeof Retention>) => a.enable)(
        await http.request('/ui/bundle/retention/config/enable', Retention),
      ),
  }
}
