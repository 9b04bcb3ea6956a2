/**
 * The reference platform server as a Fastify instance: API under /ui/api/v1, the built
 * console under /ui/ (history fallback), `/` redirected to `/ui/`.
 */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify'
import fastifyCookie from '@fastify/cookie'
import fastifyStatic from '@fastify/static'
import fastifyCompress from '@fastify/compress'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { isoNow, systemClock, type Clock } from './clock'
import type { ServerConfig } from './config'
import { openDatabase, type Db } from './db'
import { sqliteSql } from './db/sqliteSql'
import type { Sql } from './db/sql'
import { openPostgres } from './db/postgresSql'
import { sqliteHandleRefused } from './db/notOnPostgres'
import { copyCatalogIfEmpty, loadCatalogIfEmpty, seedDataFolder } from './catalog/load'
import { syntheticCountFromEnv } from './metadata/routes'
import {
  ANONYMOUS,
  API_PREFIX,
  HttpError,
  SESSION_COOKIE,
  hashToken,
  type ServerContext,
  type SessionUser,
} from './context'
import { checkSameOrigin, securityHeaders } from './security'
import { changesContent, READ_ONLY_MESSAGE, readOnlyMode } from './platform/readOnly'
import { routeModules } from './routeModules'
import { seedReverseProxy } from './platform/webServer'
import { openApiCollector } from './openapi'
import { registerRegistry } from './registry/register'
import { registerCliRoutes } from './auth/routes'
import { isAccessPath } from './auth/accessShape'
import { errorAnswer } from './errorAnswer'
import { createIndexPage } from './ui/indexPage'
import { startupAnswers } from './ui/startupAnswers'
import { landingAnswers, routeAnswers } from './ui/routeAnswers'
import { STARTUP_ANSWERS_PATH } from '../domain/platform/pageAnswers'
import { scannerAnswers } from '../domain/platform/rules'
import { decodeThemeMark, THEME_COOKIE } from '../domain/preferences/themeMark'
import { navigationPreferences } from './navigation/store'
import { flavourProfile } from './platform/flavours'
import { startAdvisorySources, xrayFor } from './xray/service'
import { startNotifications } from './xray/notifications'
import { crowdSessionCheck } from './sso/directoryLogins'
import { sessionRecords } from './auth/store'
import { onePage, readOnce } from './db/onePage'
import { closeAfterAnswer } from './lingeringClose'
import { compiledOncePerProcess } from './compiledSchemas'

// Kept here too for route modules written before they moved (context.ts, which imports no route).
export { ANONYMOUS, API_PREFIX, SESSION_COOKIE, hashToken } from './context'
/** Largest request body accepted (JSON); larger ones answer 413. */
export const BODY_LIMIT = 1024 * 1024
/** Where the console's built, hashed files are served (fastify-static below). */
const BUILT_FILES = '/ui/assets/'
/** The API's answers worth compressing: JSON (any `+json`) and CSV exports. */
const COMPRESSED_TYPES = /^(?:application\/(?:[\w.-]+\+)?json|text\/csv)(?:;|$)/

/**
 * Each request's signed-in user, read once as the request arrives (an `onRequest` hook, through
 * the asynchronous store interface), so that the guards routes call stay synchronous.
 */
function sessionUsers(sql: Sql, clock: Clock) {
  const users = new WeakMap<FastifyRequest, SessionUser | undefined>()
  // A session another service vouches for is confirmed with it again now and then.
  const stillStands = crowdSessionCheck({ sql, clock })
  const sessions = sessionRecords(sql)
  return {
    async resolve(request: FastifyRequest): Promise<void> {
      const token = request.cookies[SESSION_COOKIE]
      const idHash = token ? hashToken(token) : undefined
      // Once for all of a page's own requests (db/onePage.ts), which carry the page's cookie.
      const row = idHash
        ? await readOnce(sql, `session:${idHash}`, () => sessions.signedInUser(idHash, isoNow(clock)))
        : undefined
      const stands =
        row !== undefined &&
        (await stillStands(
          {
            idHash: row.id_hash,
            userName: row.name,
            realm: row.realm,
            createdAt: row.created_at,
            ssoCheckedAt: row.sso_checked_at,
          },
          request,
        ))
      users.set(
        request,
        stands ? { id: row.id, name: row.name, admin: row.admin === 1, realm: row.realm } : undefined,
      )
    },
    of(request: FastifyRequest): SessionUser | undefined {
      // Every request passes the hook before a handler runs; one that did not has no user.
      return users.get(request)
    },
  }
}

function createContext(
  config: ServerConfig,
  db: Db,
  clock: Clock,
  sql: Sql,
  currentUser: (request: FastifyRequest) => SessionUser | undefined,
): ServerContext {
  return {
    config,
    db,
    sql,
    clock,
    currentUser,
    requireUser(request, options) {
      const user = currentUser(request)
      if (user) return user
      if (options?.allowAnonymous && config.anonymousAccess) return ANONYMOUS
      throw new HttpError(401, 'Authentication is required', 'UNAUTHORIZED')
    },
    requireAdmin(request) {
      const user = currentUser(request)
      if (!user) throw new HttpError(401, 'Authentication is required', 'UNAUTHORIZED')
      if (!user.admin) throw new HttpError(403, 'Only administrators may do this', 'FORBIDDEN')
      return user
    },
  }
}

export interface BuiltServer {
  readonly app: FastifyInstance
  readonly ctx: ServerContext
}

export async function buildServer(
  config: ServerConfig,
  options: { db?: Db; clock?: Clock } = {},
): Promise<BuiltServer> {
  const clock = options.clock ?? systemClock
  // On PostgreSQL (DATABASE_URL) every store reads ctx.sql; ctx.db refuses every use
  // (server/db/notOnPostgres.ts) rather than open a second database.
  const postgres = config.databaseUrl ? await openPostgres(config.databaseUrl) : undefined
  if (postgres) {
    await postgres.migrate(clock)
    await copyCatalogIfEmpty(postgres, { synthetic: syntheticCountFromEnv(), clock })
  } else if (!options.db) seedDataFolder(config.dataDir, { synthetic: syntheticCountFromEnv() })
  const db = postgres ? sqliteHandleRefused() : (options.db ?? openDatabase(config.dataDir))
  // A SQLite database given or found without its catalogue gets it (a copy made above has it).
  if (!postgres) loadCatalogIfEmpty(db, { synthetic: syntheticCountFromEnv(), clock })
  const sql: Sql = postgres ?? sqliteSql(db)
  const sessions = sessionUsers(sql, clock)
  const ctx = createContext(config, db, clock, sql, (request) => sessions.of(request))
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT,
    // Bounded: a slow or stuck client cannot hold a connection for ever.
    connectionTimeout: 60_000,
    requestTimeout: 60_000,
    // A path parameter may hold an npm package name (214 characters, or a longer one refused by
    // its route with a reason) and a tarball's file name: as long as the request line may be
    // (Node's 16 KiB of headers), not Fastify's 100, past which no route would answer it.
    routerOptions: { maxParamLength: 16 * 1024 },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
    schemaController: compiledOncePerProcess,
  })
  const openapi = openApiCollector(app, API_PREFIX)
  // A fresh database scans its catalogue against the shipped advisories before it serves.
  const xray = xrayFor(ctx)
  await xray.seedIfEmpty()
  const stopAdvisorySources = startAdvisorySources(ctx, xray)
  const stopNotifications = startNotifications(
    clock,
    () => xray.deliverNotifications(),
    ctx.config.notifyIntervalMs,
  )
  const stopIgnoreExpiry = xray.startIgnoreExpiry()
  app.addHook('onClose', async () => {
    stopNotifications()
    stopIgnoreExpiry()
    await stopAdvisorySources()
    await xray.stop()
    await postgres?.close()
  })

  await app.register(fastifyCookie)
  // An answer given before its request's body was all received (a refusal, or a route that
  // needs no body): the connection's last, closed lingering so that the client reads it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.raw.complete) closeAfterAnswer(request, reply)
    return payload
  })
  app.addHook('onRequest', async (request, reply) => {
    // The build's hashed files are the same for every visitor and nothing serving them asks who
    // is signed in: a signed-in first load asks for a dozen of them while the platform makes its
    // page's answers, and each read the session again beside those reads.
    if (!request.url.startsWith(BUILT_FILES)) await sessions.resolve(request)
    securityHeaders(request, reply)
    if (request.url.startsWith(API_PREFIX)) checkSameOrigin(request)
    if (changesContent(request.method, request.url, API_PREFIX) && (await readOnlyMode(ctx)))
      throw new HttpError(403, READ_ONLY_MESSAGE, 'READ_ONLY')
  })

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const { status, body } = errorAnswer(error)
    if (status >= 500) reply.log.error(error)
    // The access service's calls refuse in its shape, whatever refused them: a cross-site or
    // read-only refusal before their handler, a body it cannot read, an unknown path.
    if (isAccessPath(request.url))
      return reply.status(status).send({ errors: [{ code: body.code ?? 'ERROR', message: body.message }] })
    return reply.status(status).send(body)
  })

  await app.register(
    async (api) => {
      // The console's JSON (a page of packages is ~60 KB raw, ~6 KB in brotli) compressed as the
      // browser accepts. Only here: registry traffic keeps its exact bytes and lengths (tarballs,
      // image manifests whose digests clients check), and built assets are compressed at build.
      await api.register(fastifyCompress, { customTypes: COMPRESSED_TYPES, threshold: 1024 })
      for (const [, module] of routeModules) await module(api, ctx)
      // What a signed-in page carries, for a page that signed in after it was made (the console
      // asks once its sign-in call succeeds: adapters/browser/pageAnswers.ts).
      api.get(
        STARTUP_ANSWERS_PATH,
        {
          schema: {
            summary:
              "Start-up's answers for the signed-in user, as a signed-in page carries them: [{path, status, body}] (401 without a signed-in session)",
          },
        },
        async (request, reply) => {
          const user = ctx.currentUser(request)
          if (!user) throw new HttpError(401, 'Authentication is required', 'UNAUTHORIZED')
          reply.header('Cache-Control', 'private, no-store')
          return onePage(async () => {
            const [startup, landing] = await Promise.all([
              startupAnswers(app, request),
              landingAnswers(app, request, user, config.flavour),
            ])
            return [...startup, ...landing]
          })
        },
      )
      api.get('/openapi.json', { schema: { hide: true } as Record<string, unknown> }, async () =>
        openapi.document(),
      )
      api.all('/*', async () => {
        throw new HttpError(404, 'No such API endpoint', 'NOT_FOUND')
      })
    },
    { prefix: API_PREFIX },
  )

  // Client traffic (npm, generic files, build info) under /artifactory, outside the console's API.
  await registerRegistry(app, ctx)
  await registerCliRoutes(app, ctx)

  app.get('/', async (_request, reply) => reply.redirect('/ui/'))

  const indexHtml = join(config.staticDir, 'index.html')
  const indexPage = createIndexPage(config.staticDir, {
    home: flavourProfile(config).features.homePage ? '/overview' : undefined,
    anonymousAccess: config.anonymousAccess,
  })
  // The chrome's skeleton in the page takes the shape of the user's navigation type.
  const navigation = navigationPreferences(ctx.sql)
  if (existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      prefix: '/ui/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies (scripts/precompress.ts): sent as the browser accepts.
      preCompressed: true,
      // Our own Cache-Control below, not send's default `public, max-age=0`.
      cacheControl: false,
      setHeaders(res, path) {
        // Hashed assets never change under the same name; index.html must always be fresh.
        res.setHeader(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
        // The answer depends on Accept-Encoding (the .br/.gz copies): caches must keep them apart.
        res.setHeader('Vary', 'Accept-Encoding')
      },
    })
  }
  // A signed-in user's page carries start-up's answers and its route's first read (the list's).
  const scanner = scannerAnswers(flavourProfile(config))
  const pageAnswers = async (request: FastifyRequest, path: string) => {
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : ''
    const [startup, route] = await Promise.all([
      startupAnswers(app, request),
      routeAnswers(app, request, path, search, scanner),
    ])
    return [...startup, ...route]
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathOnly = request.url.split('?')[0] ?? ''
    if (
      // HEAD as GET (RFC 9110): checkers and proxies ask a page's head before fetching it.
      (request.method === 'GET' || request.method === 'HEAD') &&
      (pathOnly === '/ui' || pathOnly.startsWith('/ui/')) &&
      !pathOnly.startsWith('/ui/assets/')
    ) {
      if (!existsSync(indexHtml))
        return reply.status(503).type('text/plain').send('The console is not built: run `npm run build`.')
      // History fallback: every console route is answered by the single page; a signed-in
      // user's names the chunks of the chrome and of the page's area, the login family's its own
      // (server/ui/indexPage.ts).
      reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding, Cookie')
      const path = pathOnly.slice('/ui'.length) || '/'
      const user = ctx.currentUser(request)
      // A signed-in user's page carries their start-up answers: no shared cache may keep it.
      if (user) reply.header('Cache-Control', 'private, no-cache')
      // One page: it and its requests read the session, the user's preferences and the settings
      // they share once (db/onePage.ts).
      const page = user
        ? await onePage(async () => {
            const accept = request.headers['accept-encoding']
            const navigationType = await navigation.typeOf(user.id)
            const theme = decodeThemeMark(request.cookies[THEME_COOKIE], user.name)
            const streamed =
              request.method === 'GET'
                ? indexPage.streamForSignedIn(path, accept, navigationType, theme, () =>
                    pageAnswers(request, path).catch((error: unknown) => {
                      // The page goes out without them: the console asks for its reads itself.
                      request.log.error({ err: error }, "the page's answers could not be made")
                      throw error
                    }),
                  )
                : undefined
            if (!streamed) return indexPage.forSignedIn(path, accept, navigationType, theme)
            if (streamed.encoding) reply.header('Content-Encoding', streamed.encoding)
            // The page before its answers leaves now: the browser fetches the chunks it names
            // while the platform makes the answers (server/ui/indexPage.ts).
            void reply.type('text/html; charset=utf-8').send(streamed.stream)
            // The page's reads are made once each until its answers are in.
            await streamed.ended
            return 'sent' as const
          })
        : indexPage.forVisitor(path, request.headers['accept-encoding'])
      // Not the reply itself from the page: it is a thenable, settled once the answer has gone.
      if (page === 'sent') return reply
      if (!page) return reply.sendFile('index.html', config.staticDir)
      if (page.encoding) reply.header('Content-Encoding', page.encoding)
      return reply.type('text/html; charset=utf-8').send(page.body)
    }
    return reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' })
  })

  if (config.port === 0)
    app.addHook('onListen', async function () {
      const address = this.server.address()
      if (address && typeof address === 'object') await seedReverseProxy(ctx, address.port)
    })

  return { app, ctx }
}
