/**
 * What a signed-in page costs the database. The page carries start-up's answers and the list's
 * first page, made through some 22 of the platform's own requests (server/ui/startupAnswers.ts):
 * each read the session and the general configuration again, 67 statements for one page where
 * 17 were different, each a round trip on PostgreSQL. A page's requests now read each once
 * (server/db/onePage.ts). In the server project on SQLite and in server-postgres on PostgreSQL.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { signInDeveloper } from './helpers/permissions'
import { signInDirectlyAs } from './helpers/catalogSession'
import { forgetRead, onePage, readOnce } from '../../server/db/onePage'
import { permissionStore } from '../../server/permissions/store'
import { adminUsersStore } from '../../server/admin/usersStore'
import { repositoryStore } from '../../server/repositories/store'
import { findUserByName } from '../../server/auth/users'
import { catalogueReads } from '../../server/metadata/catalogueStore'
import { insertPackage } from '../../server/catalog/store'
import { emptyRepositoryForm } from '../../domain/repositories/rules'
import { genericPackage } from '../support/catalogueRows'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
}, 120_000)

afterAll(async () => {
  await server?.stop()
})

type Method = 'all' | 'one' | 'run' | 'rows'
type Statement = (...args: unknown[]) => unknown

/** The statements (text and parameters) the server runs while it answers `ask`. */
async function statementsOf(ask: () => Promise<Response>): Promise<string[]> {
  const sql = server.ctx.sql as unknown as Record<Method, Statement>
  const methods = { all: sql.all, one: sql.one, run: sql.run, rows: sql.rows }
  const seen: string[] = []
  const counted =
    (statement: Statement): Statement =>
    (...args) => (
      seen.push(`${String(args[0]).replace(/\s+/g, ' ')} ${JSON.stringify(args[1] ?? [])}`),
      statement.apply(sql, args)
    )
  Object.assign(sql, {
    all: counted(methods.all),
    one: counted(methods.one),
    run: counted(methods.run),
    rows: counted(methods.rows),
  })
  try {
    const res = await ask()
    expect(res.status).toBe(200)
    await res.arrayBuffer()
  } finally {
    Object.assign(sql, methods)
  }
  return seen
}

/** The session read of a request (its parameters: the cookie's hash and the time). */
const isSessionRead = (statement: string) => statement.includes('FROM sessions s JOIN users u')

/**
 * Whether a statement reads. Writes are each their own: two GraphQL reads each take from the
 * caller's budget (on PostgreSQL, in the same millisecond, with the same parameters).
 */
const isRead = (statement: string) => /^(SELECT|WITH)\b/i.test(statement.trimStart())

/** The reads other than the session read made more than once, with how many times. */
const repeated = (statements: string[]): Record<string, number> => {
  const counts: Record<string, number> = {}
  for (const s of statements.filter((s) => isRead(s) && !isSessionRead(s))) counts[s] = (counts[s] ?? 0) + 1
  return Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 1))
}

const page = (cookie: string) =>
  fetch(`${server.url}/ui/packages`, { headers: { cookie, accept: 'text/html' } })

describe('what a signed-in page costs the database', () => {
  it('reads nothing twice for a developer with permission targets, nor for an admin', async () => {
    const developer = await signInDeveloper(server)
    const admin = signInDirectlyAs(server, { admin: true }).cookie
    for (const cookie of [developer, admin]) {
      const html = await (await page(cookie)).text()
      expect(html).toContain('id="startup-answers"')
      const statements = await statementsOf(() => page(cookie))
      expect(repeated(statements)).toEqual({})
      // The page's own request and its requests, whose session is read once for all of them.
      expect(statements.filter(isSessionRead)).toHaveLength(2)
    }
  })

  // A signed-in first load asks for a dozen of the build's files while its page's answers are
  // made: each read the session beside those reads (on PostgreSQL, a query on the same pool).
  it("reads nothing for the page's built files, though they carry the session's cookie", async () => {
    const cookie = await signInDeveloper(server)
    const names = readdirSync(join(server.config.staticDir, 'assets'))
    const entry = names.find((name) => /^index-.*\.js$/.test(name))!
    const style = names.find((name) => name.endsWith('.css'))!
    for (const name of [entry, style]) {
      const file = () =>
        fetch(`${server.url}/ui/assets/${name}`, { headers: { cookie, 'accept-encoding': 'br' } })
      expect(await statementsOf(file), name).toEqual([])
    }
    // The page itself still reads who is signed in.
    expect((await statementsOf(() => page(cookie))).filter(isSessionRead).length).toBeGreaterThan(0)
  })

  it("reads each again for the page's answers asked alone, and the next page reads afresh", async () => {
    const cookie = await signInDeveloper(server)
    const answers = () =>
      fetch(`${server.url}/ui/api/v1/ui/startupAnswers`, {
        headers: { cookie, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      })
    const alone = await statementsOf(answers)
    expect(repeated(alone)).toEqual({})
    // The answers' own request and the requests they are made of.
    expect(alone.filter(isSessionRead)).toHaveLength(2)
    // Nothing is kept from one page to the next: each reads the general configuration once.
    const generalConfig = (statements: string[]) =>
      statements.filter((s) => s.startsWith('SELECT value FROM settings') && s.endsWith('["generalConfig"]'))
    for (let n = 0; n < 2; n++) expect(generalConfig(await statementsOf(() => page(cookie)))).toHaveLength(1)
  })
})

/** A local repository the test adds inside a page. */
const LOCAL = emptyRepositoryForm('local', { packageType: 'generic' })

describe("what a page's requests read once, and read again after they write", () => {
  // Each read of the list asks the caller's readable repositories, its groups and the targets,
  // and counts its packages; a page's answers hold up to three such reads.
  it('reads the grants, the repositories and a count once, and again after a write to each', async () => {
    const sql = server.ctx.sql
    await signInDeveloper(server)
    const { id } = (await findUserByName(sql, 'developer'))!
    const users = adminUsersStore(sql)
    const grants = permissionStore(sql)
    const repos = repositoryStore(sql)
    const catalogue = catalogueReads(sql)
    const groups = await users.groupsOf(id)
    const count = () => catalogue.packageCount({}, { readable: ['generic-local'] })
    const keys = async () => (await repos.records()).map((r) => r.key)
    const seen = await onePage(async () => {
      const before = {
        groups: await grants.groupsOf(id),
        targets: await grants.targets(),
        keys: await keys(),
        count: await count(),
      }
      const statements = await statementsOf(async () => {
        await Promise.all([grants.groupsOf(id), grants.targets(), keys(), count()])
        return new Response('')
      })
      await users.setGroups(id, [])
      await repos.create({ ...LOCAL, key: 'page-reads-local' }, '2026-01-01T00:00:00.000Z')
      await insertPackage(sql, genericPackage('page-reads-package', null, '2026-01-01T00:00:00.000Z'))
      return {
        before,
        statements,
        after: { groups: await grants.groupsOf(id), keys: await keys(), count: await count() },
      }
    })
    await users.setGroups(id, groups)
    await repos.delete('page-reads-local')
    expect(seen.statements).toEqual([])
    expect(seen.before.groups.length).toBeGreaterThan(0)
    expect(seen.after.groups).toEqual([])
    expect(seen.before.keys).not.toContain('page-reads-local')
    expect(seen.after.keys).toContain('page-reads-local')
    expect(seen.after.count).toBe(seen.before.count + 1)
  })
})

describe('reads made once while one page is made', () => {
  it('reads once inside a page, afresh after a write, and every time outside a page', async () => {
    let reads = 0
    const handle = {}
    const read = () => readOnce(handle, 'k', async () => ++reads)
    expect(await Promise.all([read(), read()])).toEqual([1, 2])
    const inPage = await onePage(async () => {
      const before = await Promise.all([read(), read(), readOnce({}, 'k', async () => ++reads)])
      forgetRead('k')
      return [...before, await read(), await read()]
    })
    // A transaction's handle reads for itself; a write's key is read again.
    expect(inPage).toEqual([3, 3, 4, 5, 5])
    expect(await read()).toBe(6)
  })

  it('keeps nothing for work the page started that runs on after it', async () => {
    let reads = 0
    const handle = {}
    const read = () => readOnce(handle, 'k', async () => ++reads)
    let go = () => {}
    const gate = new Promise<void>((done) => (go = done))
    const { inPage, after } = await onePage(async () => ({
      inPage: [await read(), await read()],
      // Started by the page, run after it (as a timer or a background refresh a request started).
      after: gate.then(async () => [await read(), await read()]),
    }))
    expect(inPage).toEqual([1, 1])
    go()
    expect(await after).toEqual([2, 3])
  })

  it('keeps no failed read', async () => {
    let reads = 0
    const answers = await onePage(async () => {
      const failed = await readOnce({}, 'k', async () => {
        reads++
        throw new Error('refused')
      }).catch((error: Error) => error.message)
      const handle = {}
      const failing = await readOnce(handle, 'k', () =>
        Promise.reject(new Error(`refused ${++reads}`)),
      ).catch((error: Error) => error.message)
      const again = await readOnce(handle, 'k', async () => ++reads)
      return [failed, failing, again]
    })
    expect(answers).toEqual(['refused', 'refused 2', 3])
  })
})
