/**
 * The Archive search on both engines: archives stored by real clients (an npm tarball published
 * with the npm CLI, a jar made by `jar`, a tar.gz by `tar`, deployed over HTTP) are indexed by
 * their contents, and the search finds the files inside them by name, a part of it or a pattern,
 * naming the archive and the repository. A gzip file that is no tarball is no archive; identical
 * archives are read once; a deleted archive is found no more.
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { npmCli } from '../support/npmCli'
import { call, sessionOf } from '../support/apiCalls'
import { signInDirectlyAs } from './helpers/catalogSession'
import { grant } from './helpers/permissions'

const run = promisify(execFile)

interface Hit {
  readonly repoKey: string
  readonly path: string
  readonly entryPath: string
  readonly size: number
}

describe.each(['sqlite', 'postgres'] as const)('the Archive search on %s', (engine) => {
  let server: TestServer
  let admin: string
  let work: string
  const NAME = `@archives/hello-${engine}`

  beforeAll(async () => {
    server = await startTestServer({}, {}, { engine })
    admin = await sessionOf(server, 'admin')
    work = mkdtempSync(join(tmpdir(), `archives-${engine}-`))
  }, 120_000)

  afterAll(async () => {
    await server?.stop()
    if (work) rmSync(work, { recursive: true, force: true })
  })

  const search = (name: string, cookie = admin) =>
    call<{ results: Hit[]; truncated: boolean }>(
      server,
      'GET',
      `/ui/artifactsearch/archive?name=${encodeURIComponent(name)}`,
      { cookie },
    )
  const deploy = (path: string, body: Buffer) =>
    fetch(`${server.url}/artifactory/generic-local/${path}`, {
      method: 'PUT',
      headers: { ...browserHeaders(server.url, admin), 'content-type': 'application/octet-stream' },
      body: new Uint8Array(body),
    })

  it('finds the files inside a published npm tarball, a jar and a tar.gz', async () => {
    const made = await call<{ token: string }>(server, 'POST', '/ui/tokens', {
      cookie: admin,
      body: { description: 'archives', repositories: ['npm-local'], access: 'deploy' },
    })
    const rc = join(work, 'npmrc')
    const host = new URL(server.url).host
    writeFileSync(
      rc,
      `registry=${server.url}/artifactory/api/npm/npm-local/\n//${host}/artifactory/api/npm/npm-local/:_authToken=${made.body.token}\n`,
    )
    const { npm, makePackage } = npmCli(work)
    const published = await npm(['publish'], makePackage(NAME, '1.0.0', '# hello\n'), rc)
    expect(published, JSON.stringify(published)).not.toHaveProperty('failed')

    // A jar made by the JDK's jar tool, a tar.gz by tar: real archives, as clients make them.
    const src = join(work, 'src')
    mkdirSync(join(src, 'com', 'acme'), { recursive: true })
    writeFileSync(join(src, 'com', 'acme', 'Main.class'), Buffer.alloc(321, 7))
    writeFileSync(join(src, 'com', 'acme', 'Util_Helper.class'), Buffer.alloc(12, 1))
    writeFileSync(join(src, 'notes.txt'), 'notes\n')
    await run('jar', ['cf', join(work, 'tools.jar'), '-C', src, 'com'])
    await run('tar', ['czf', join(work, 'site.tar.gz'), '-C', src, 'notes.txt', 'com'])
    const jar = readFileSync(join(work, 'tools.jar'))
    expect((await deploy('libs/tools.jar', jar)).status).toBe(201)
    expect((await deploy('dist/site.tar.gz', readFileSync(join(work, 'site.tar.gz')))).status).toBe(201)
    // The same jar under a second path: its bytes are read once.
    expect((await deploy('copies/tools-copy.jar', jar)).status).toBe(201)
    // Gzip that is no tarball, and a plain file: no archives.
    expect((await deploy('logs/today.log.gz', gzipSync('a log line\n'))).status).toBe(201)
    expect((await deploy('readme.txt', Buffer.from('Main.class is not here\n'))).status).toBe(201)

    const npmHits = await search('README.md')
    expect(npmHits.status).toBe(200)
    expect(npmHits.body.results).toContainEqual({
      repoKey: 'npm-local',
      path: expect.stringContaining(`hello-${engine}-1.0.0.tgz`),
      entryPath: 'package/README.md',
      size: 8,
    })

    const main = await search('main.CLASS')
    expect(main.body.results).toEqual([
      {
        repoKey: 'generic-local',
        path: 'copies/tools-copy.jar',
        entryPath: 'com/acme/Main.class',
        size: 321,
      },
      { repoKey: 'generic-local', path: 'dist/site.tar.gz', entryPath: 'com/acme/Main.class', size: 321 },
      { repoKey: 'generic-local', path: 'libs/tools.jar', entryPath: 'com/acme/Main.class', size: 321 },
    ])
    expect(main.body.truncated).toBe(false)

    // A pattern: `*` and `?`; `_` is a character, not LIKE's wildcard.
    const classes = await search('*.class')
    expect(new Set(classes.body.results.map((h) => h.entryPath))).toEqual(
      new Set(['com/acme/Main.class', 'com/acme/Util_Helper.class']),
    )
    expect((await search('util?helper.class')).body.results).toHaveLength(3)
    expect((await search('utilxhelper')).body.results).toEqual([])
    expect((await search('notes.txt')).body.results).toEqual([
      { repoKey: 'generic-local', path: 'dist/site.tar.gz', entryPath: 'notes.txt', size: 6 },
    ])
    // The log's line and the plain file's words are no entries.
    expect((await search('today')).body.results).toEqual([])

    const kinds = await server.ctx.sql.all<{ kind: string; entries: number }>(
      `SELECT i.kind AS kind, i.entries AS entries FROM archives_indexed i
        JOIN artifacts a ON a.sha256 = i.sha256 WHERE a.repo = 'generic-local' ORDER BY a.path`,
    )
    expect(kinds).toEqual([
      { kind: 'zip', entries: 3 },
      { kind: 'tar', entries: 3 },
      { kind: 'zip', entries: 3 },
      { kind: 'none', entries: 0 },
      { kind: 'none', entries: 0 },
    ])
  })

  it('finds a deleted archive no more', async () => {
    const removed = await fetch(`${server.url}/artifactory/generic-local/copies/tools-copy.jar`, {
      method: 'DELETE',
      headers: browserHeaders(server.url, admin),
    })
    expect(removed.status).toBe(204)
    expect((await search('Main.class')).body.results.map((h) => h.path)).toEqual([
      'dist/site.tar.gz',
      'libs/tools.jar',
    ])
  })

  const quick = (name: string, repos: ReadonlyArray<string> = [], cookie = admin) =>
    call<{ results: Array<Omit<Hit, 'entryPath'>>; truncated: boolean }>(
      server,
      'GET',
      `/ui/artifactsearch/quick?${new URLSearchParams([['name', name], ...repos.map((r) => ['repo', r])])}`,
      { cookie },
    )

  it('the Quick search finds stored files by their own name, not their folders', async () => {
    expect((await quick('TOOLS.JAR')).body).toEqual({
      results: [{ repoKey: 'generic-local', path: 'libs/tools.jar', size: expect.any(Number) }],
      truncated: false,
    })
    // A folder's name is no file's; `_` is a character, not LIKE's wildcard.
    expect((await quick('libs')).body.results).toEqual([])
    expect((await quick('today_log')).body.results).toEqual([])
    expect((await quick('*.gz', ['generic-local'])).body.results.map((h) => h.path)).toEqual([
      'dist/site.tar.gz',
      'logs/today.log.gz',
    ])
    // The npm CLI's tarball, published into the catalogue.
    const tarball = await quick(`hello-${engine}-1.0.0.tgz`)
    expect(tarball.body.results).toEqual([
      {
        repoKey: 'npm-local',
        path: expect.stringContaining(`hello-${engine}-1.0.0.tgz`),
        size: expect.any(Number),
      },
    ])
    expect((await quick('*', [], admin)).body.results.length).toBeGreaterThan(4)
    const one = await call<{ results: unknown[]; truncated: boolean }>(
      server,
      'GET',
      '/ui/artifactsearch/quick?name=*&limit=1',
      { cookie: admin },
    )
    expect(one.body.results).toHaveLength(1)
    expect(one.body.truncated).toBe(true)
  })

  it('both searches keep to the repositories asked for', async () => {
    expect((await quick(`hello-${engine}`, ['generic-local'])).body.results).toEqual([])
    expect((await quick(`hello-${engine}`, ['npm-local'])).body.results).toHaveLength(1)
    expect((await quick('tools.jar', ['no-such-repo'])).body.results).toEqual([])
    const archive = (repos: string[]) =>
      call<{ results: Hit[] }>(
        server,
        'GET',
        `/ui/artifactsearch/archive?${new URLSearchParams([['name', 'Main.class'], ...repos.map((r) => ['repo', r])])}`,
        { cookie: admin },
      )
    expect((await archive(['npm-local'])).body.results).toEqual([])
    expect((await archive(['generic-local', 'npm-local'])).body.results).toHaveLength(2)
  })

  it('both searches take a path and a checksum, with or without a name', async () => {
    const ask = (kind: 'quick' | 'archive', query: Record<string, string>) =>
      call<{ results: Hit[]; truncated: boolean }>(
        server,
        'GET',
        `/ui/artifactsearch/${kind}?${new URLSearchParams(query)}`,
        { cookie: admin },
      )
    const paths = async (kind: 'quick' | 'archive', query: Record<string, string>) => {
      const answer = await ask(kind, query)
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      return answer.body.results.map((h) => (h.entryPath ? `${h.path}!${h.entryPath}` : h.path))
    }
    // Quick: the path in the repository, a part of it or a pattern, any case (the seeded
    // repositories hold other libs/ and com/acme/ paths).
    expect(await paths('quick', { path: 'libs/', repo: 'generic-local' })).toEqual(['libs/tools.jar'])
    expect(await paths('quick', { path: 'LIBS/*.JAR', repo: 'generic-local' })).toEqual(['libs/tools.jar'])
    expect(await paths('quick', { name: '*.gz', path: 'logs', repo: 'generic-local' })).toEqual([
      'logs/today.log.gz',
    ])
    expect(await paths('quick', { name: 'tools', path: 'dist/' })).toEqual([])

    // Quick: by any of the file's checksums, as the file's details give them.
    const jar = readFileSync(join(work, 'tools.jar'))
    const sums = (bytes: Buffer) =>
      (['md5', 'sha1', 'sha256'] as const).map((a) => createHash(a).update(bytes).digest('hex'))
    for (const sum of sums(jar)) {
      expect(await paths('quick', { checksum: sum })).toEqual(['libs/tools.jar'])
      expect(await paths('quick', { checksum: sum.toUpperCase(), name: 'tools' })).toEqual(['libs/tools.jar'])
      expect(await paths('quick', { checksum: sum, name: 'site' })).toEqual([])
    }
    const tarball = (await quick(`hello-${engine}-1.0.0.tgz`)).body.results[0]!
    const info = await call<{ md5: string; sha1: string }>(
      server,
      'GET',
      `/ui/artifact/info?${new URLSearchParams({ repoKey: 'npm-local', path: tarball.path })}`,
      { cookie: admin },
    )
    expect(info.status).toBe(200)
    expect(await paths('quick', { checksum: info.body.md5 })).toEqual([tarball.path])
    expect(await paths('quick', { checksum: info.body.sha1 })).toEqual([tarball.path])

    // Archive: the path inside the archive; the archive by its checksum.
    expect(await paths('archive', { path: 'com/acme/', repo: 'generic-local' })).toEqual([
      'dist/site.tar.gz!com/acme/Main.class',
      'libs/tools.jar!com/acme/Main.class',
      'dist/site.tar.gz!com/acme/Util_Helper.class',
      'libs/tools.jar!com/acme/Util_Helper.class',
    ])
    const [, jarSha1] = sums(jar)
    expect(await paths('archive', { name: 'main.class', checksum: jarSha1! })).toEqual([
      'libs/tools.jar!com/acme/Main.class',
    ])
    const [, , siteSha256] = sums(readFileSync(join(work, 'site.tar.gz')))
    expect(await paths('archive', { checksum: siteSha256! })).toEqual([
      'dist/site.tar.gz!com/acme/Main.class',
      'dist/site.tar.gz!notes.txt',
      'dist/site.tar.gz!com/acme/Util_Helper.class',
    ])
    expect(await paths('archive', { path: 'readme', checksum: info.body.sha1 })).toEqual([
      `${tarball.path}!package/README.md`,
    ])

    // Nothing to search for, or no checksum: refused.
    for (const kind of ['quick', 'archive'] as const) {
      expect((await ask(kind, {})).status).toBe(400)
      expect((await ask(kind, { checksum: 'abc123' })).status).toBe(400)
      expect((await ask(kind, { name: 'x', checksum: '1'.repeat(63) })).status).toBe(400)
    }
  })

  it('a user whose targets hide some paths gets every hit they may see, and an exact truncated', async () => {
    const src = join(work, 'paged')
    mkdirSync(src)
    writeFileSync(join(src, 'paged-entry.txt'), 'paged\n')
    await run('tar', ['czf', join(work, 'paged.tar.gz'), '-C', src, 'paged-entry.txt'])
    const archive = readFileSync(join(work, 'paged.tar.gz'))
    // By the searches' order the hidden ones come first: they filled the old row limit.
    for (const path of ['hidden/paged-1.tar.gz', 'hidden/paged-2.tar.gz', 'hidden/paged-3.tar.gz'])
      expect((await deploy(path, archive)).status).toBe(201)
    for (const path of ['shown/paged-4.tar.gz', 'shown/paged-5.tar.gz'])
      expect((await deploy(path, archive)).status).toBe(201)
    const { name, cookie } = signInDirectlyAs(server, { outsider: true })
    await grant(
      server,
      { repositories: ['generic-local'], users: { [name]: ['read'] }, excludePatterns: ['hidden/**'] },
      admin,
    )
    const both = async (limit: number) => {
      const as = (kind: string, text: string) =>
        call<{ results: Array<{ path: string }>; truncated: boolean }>(
          server,
          'GET',
          `/ui/artifactsearch/${kind}?name=${text}&limit=${limit}`,
          { cookie },
        )
      const [quickHits, archiveHits] = [await as('quick', 'paged-'), await as('archive', 'paged-entry.txt')]
      expect(quickHits.status).toBe(200)
      expect(archiveHits.status).toBe(200)
      const paths = (hits: typeof quickHits) => ({
        paths: hits.body.results.map((h) => h.path),
        truncated: hits.body.truncated,
      })
      return { quick: paths(quickHits), archive: paths(archiveHits) }
    }
    const first = { paths: ['shown/paged-4.tar.gz'], truncated: true }
    expect(await both(1)).toEqual({ quick: first, archive: first })
    const all = { paths: ['shown/paged-4.tar.gz', 'shown/paged-5.tar.gz'], truncated: false }
    expect(await both(2)).toEqual({ quick: all, archive: all })
    expect(await both(100)).toEqual({ quick: all, archive: all })
    // The admin sees the hidden ones too.
    expect((await search('paged-entry.txt')).body.results).toHaveLength(5)
  })

  it('answers a visitor only where anonymous access is on, and checks its name', async () => {
    expect((await search('Main.class', '')).status).toBe(401)
    expect((await quick('tools', [], '')).status).toBe(401)
    expect((await call(server, 'GET', '/ui/artifactsearch/archive', { cookie: admin })).status).toBe(400)
  })
})
