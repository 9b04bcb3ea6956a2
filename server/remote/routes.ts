/**
 * The console's calls for a remote repository's upstream under /ui/api/v1: its settings and
 * state (online or offline, the last failure with its time; whether credentials are set,
 * never the credentials), the admin's change of settings and write-only credentials, and Test
 * connection, a real request to the upstream telling reachable, refused credentials, time-out,
 * a TLS failure, unreachable or not a registry (of a saved remote, or of the form as typed).
 */
import { HttpError, type RouteModule } from '../context'
import { repositoryStore } from '../repositories/store'
import {
  readAll,
  upstreamRequest,
  UpstreamFault,
  shownUrl,
  type UpstreamCredentials,
} from '../upstream/fetch'
import { remoteStore, type RemoteSettings, type VersionSource } from './store'
import { registryAuth } from '../registry/auth'
import { consoleCaller, registryAuthorizer } from '../permissions/authorize'
import type { RepositoryRecord } from '../repositories/store'
import { documentPath } from './npmRemote'
import { provenanceReader } from './provenance'
import { isoNow } from '../clock'
import { asNpmDocument, faultProblem, listsVersion, notJsonProblem, statusProblem } from './rules'
import { MAX_DOCUMENT_BYTES, RemoteError, remoteUpstream } from './upstream'

const int = (minimum: number, maximum: number) => ({ type: 'integer', minimum, maximum }) as const
const str = { type: 'string', maxLength: 2000 } as const

const settingsSchema = {
  type: 'object',
  properties: {
    offline: { type: 'boolean' },
    metadataTtlSeconds: int(0, 7 * 24 * 3600),
    connectTimeoutMs: int(100, 300_000),
    readTimeoutMs: int(100, 600_000),
    // null removes them; absent keeps them.
    credentials: {
      type: ['object', 'null'],
      properties: { userName: str, password: str, token: str },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const

interface SettingsBody extends Partial<RemoteSettings> {
  readonly credentials?: { userName?: string; password?: string; token?: string } | null
}

/** What Test connection found. */
export type ConnectionResult =
  'reachable' | 'refusedCredentials' | 'timeout' | 'tls' | 'unreachable' | 'notARegistry'

const routes: RouteModule = async (app, ctx) => {
  const repos = repositoryStore(ctx.sql)
  const store = remoteStore(ctx.sql)

  const remoteOf = async (key: string) => {
    const repo = await repos.find(key)
    if (!repo || repo.kind !== 'remote') throw new HttpError(404, `No remote repository ${key}`, 'NOT_FOUND')
    return repo
  }
  const view = async (key: string) => ({ key, ...(await store.settings(key)), ...(await store.state(key)) })
  const provenanceOf = provenanceReader(ctx.sql, ctx.clock)
  const upstream = remoteUpstream(ctx, store)
  const authz = registryAuthorizer(ctx, { repos, auth: registryAuth(ctx) })

  /**
   * A real request for what the version needs upstream, its outcome recorded as every call's
   * is: whether the upstream has it (an npm document listing the version with a tarball, or the
   * generic file itself), or undefined when the upstream could not say. Nothing is cached: a
   * reader of the remote may ask, and only a deployer fills its cache.
   */
  const askUpstream = async (repo: RepositoryRecord, source: VersionSource): Promise<boolean | undefined> => {
    const npm = repo.packageType === 'npm'
    const path = npm ? documentPath(source.packageName) : source.leadFilePath
    try {
      const response = await upstream.request(repo, path, source.packageName, {
        // The abbreviated document lists what installing needs, at a fraction of the size.
        headers: {
          accept: npm ? 'application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8' : '*/*',
        },
        maxBytes: MAX_DOCUMENT_BYTES,
      })
      if (response.status === 404 || response.status === 410) {
        response.body.destroy()
        await upstream.succeeded(repo)
        return false
      }
      if (response.status < 200 || response.status >= 300) {
        response.body.destroy()
        await upstream.failure(repo, statusProblem(repo.key, response.url, response.status))
        return undefined
      }
      if (!npm) {
        // The file is there: its bytes are for the first download, not for this question.
        response.body.destroy()
        await upstream.succeeded(repo)
        return true
      }
      let doc
      try {
        doc = asNpmDocument(JSON.parse((await readAll(response)).toString('utf8')), source.packageName)
      } catch (error) {
        if (error instanceof UpstreamFault) {
          await upstream.failure(repo, faultProblem(repo.key, error))
          return undefined
        }
        if (!(error instanceof SyntaxError)) throw error
      }
      if (!doc) {
        await upstream.failure(repo, notJsonProblem(repo.key, response.url))
        return undefined
      }
      await upstream.succeeded(repo)
      return listsVersion(doc, source.packageName, source.version)
    } catch (error) {
      // Already recorded as the remote's last failure, which the answer carries.
      if (!(error instanceof RemoteError)) throw error
      return undefined
    }
  }

  // A version page's question, on opening a version its remote has not cached and on Retry:
  // asks the upstream, then says where the version stands and whether the upstream has it. Readers of the
  // version's repository may ask.
  app.post<{ Body: { versionId: string } }>(
    '/remote/versions/check',
    {
      schema: {
        body: {
          type: 'object',
          properties: { versionId: { type: 'string', minLength: 1, maxLength: 2000 } },
          required: ['versionId'],
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const source = await store.versionSource(request.body.versionId)
      const repo = source && (await repos.find(source.repo))
      if (!source || !repo) throw new HttpError(404, 'No such version', 'NOT_FOUND')
      await authz.require(consoleCaller(ctx, request), repo, 'read', source.leadFilePath)
      const before = await provenanceOf(source)
      if (before?.kind !== 'notCached' || before.offline) return before
      const inUpstream = await askUpstream(repo, source)
      // Kept for the page's next opening (GraphQL's provenance carries it); an upstream that
      // could not say now leaves no older answer standing for it.
      const { packageName, version } = source
      if (inUpstream === undefined) await store.forgetUpstreamAnswer(repo.key, packageName, version)
      else await store.saveUpstreamAnswer(repo.key, packageName, version, inUpstream, isoNow(ctx.clock))
      const after = await provenanceOf(source)
      // Cached meanwhile (an install), or still not, with what the upstream just said (also when
      // the retrieval period is too short to keep it).
      return after?.kind === 'notCached' && inUpstream !== undefined ? { ...after, inUpstream } : after
    },
  )

  app.get<{ Params: { key: string } }>('/repositories/:key/remote', async (request) => {
    ctx.requireUser(request, { allowAnonymous: true })
    return view((await remoteOf(request.params.key)).key)
  })

  app.put<{ Params: { key: string }; Body: SettingsBody }>(
    '/repositories/:key/remote',
    { schema: { body: settingsSchema } },
    async (request) => {
      ctx.requireAdmin(request)
      const repo = await remoteOf(request.params.key)
      const { credentials, ...settings } = request.body
      await ctx.sql.transaction(async (tx) => {
        const inside = remoteStore(tx)
        await inside.writeSettings(repo.key, { ...(await inside.settings(repo.key)), ...settings })
        if (credentials !== undefined) await inside.writeCredentials(repo.key, credentials)
      })
      return view(repo.key)
    },
  )

  app.post<{ Params: { key: string }; Body: { url?: string } }>(
    '/repositories/:key/remote/test',
    {
      schema: {
        body: { type: ['object', 'null'], properties: { url: str }, additionalProperties: false },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      const repo = await remoteOf(request.params.key)
      const settings = await store.settings(repo.key)
      return testConnection({
        packageType: repo.packageType,
        url: request.body?.url || repo.url || '',
        credentials: await store.credentials(repo.key),
        connectTimeoutMs: settings.connectTimeoutMs,
        readTimeoutMs: settings.readTimeoutMs,
      })
    },
  )

  // The form's Test connection: what is typed, before it is saved (a new remote has no key yet).
  app.post<{ Body: FormTestBody }>(
    '/repositories/remote/test',
    { schema: { body: formTestSchema } },
    async (request) => {
      ctx.requireAdmin(request)
      const { key, credentials, ...typed } = request.body
      const saved = key ? await repos.find(key) : undefined
      const remote = saved?.kind === 'remote' ? saved : undefined
      const settings = remote ? await store.settings(remote.key) : undefined
      return testConnection({
        packageType: typed.packageType,
        url: typed.url,
        // Absent: the saved remote's own (its password is never sent to the console to send back).
        credentials:
          credentials === undefined
            ? remote && (await store.credentials(remote.key))
            : credentials === null
              ? undefined
              : upstreamCredentials(credentials),
        connectTimeoutMs: typed.connectTimeoutMs ?? settings?.connectTimeoutMs ?? 10_000,
        readTimeoutMs: typed.readTimeoutMs ?? settings?.readTimeoutMs ?? 30_000,
      })
    },
  )
}

const formTestSchema = {
  type: 'object',
  properties: {
    packageType: { type: 'string', maxLength: 64 },
    url: str,
    key: { type: 'string', maxLength: 200 },
    connectTimeoutMs: settingsSchema.properties.connectTimeoutMs,
    readTimeoutMs: settingsSchema.properties.readTimeoutMs,
    credentials: settingsSchema.properties.credentials,
  },
  required: ['packageType', 'url'],
  additionalProperties: false,
} as const

interface FormTestBody {
  readonly packageType: string
  readonly url: string
  readonly key?: string
  readonly connectTimeoutMs?: number
  readonly readTimeoutMs?: number
  readonly credentials?: SettingsBody['credentials']
}

const upstreamCredentials = (c: NonNullable<SettingsBody['credentials']>): UpstreamCredentials | undefined =>
  c.token
    ? { kind: 'token', token: c.token }
    : c.userName
      ? { kind: 'basic', user: c.userName, password: c.password ?? '' }
      : undefined

/** A real request to an upstream: npm registries answer /-/ping, a file server its address. */
async function testConnection(t: {
  readonly packageType: string
  readonly url: string
  readonly credentials: UpstreamCredentials | undefined
  readonly connectTimeoutMs: number
  readonly readTimeoutMs: number
}): Promise<{ result: ConnectionResult; url: string; status?: number }> {
  const base = t.url.replace(/\/+$/, '')
  const address = t.packageType === 'npm' ? `${base}/-/ping` : `${base}/`
  let result: ConnectionResult
  let status: number | undefined
  try {
    const response = await upstreamRequest(address, {
      credentials: t.credentials,
      limits: { connectTimeoutMs: t.connectTimeoutMs, readTimeoutMs: t.readTimeoutMs, maxBytes: 1024 * 1024 },
    })
    status = response.status
    const body = await readAll(response)
    if (status === 401 || status === 403) result = 'refusedCredentials'
    else if (status < 200 || status >= 300) result = 'notARegistry'
    else if (t.packageType === 'npm') result = isJson(body) ? 'reachable' : 'notARegistry'
    else result = 'reachable'
  } catch (error) {
    if (!(error instanceof UpstreamFault)) throw error
    result =
      error.kind === 'connectTimeout' || error.kind === 'readTimeout'
        ? 'timeout'
        : error.kind === 'tls'
          ? 'tls'
          : error.kind === 'connect' || error.kind === 'badUrl' || error.kind === 'blocked'
            ? 'unreachable'
            : 'notARegistry'
  }
  return { result, url: shownUrl(address), ...(status !== undefined ? { status } : {}) }
}

const isJson = (body: Buffer) => {
  try {
    JSON.parse(body.toString('utf8'))
    return true
  } catch {
    return false
  }
}

export default routes
