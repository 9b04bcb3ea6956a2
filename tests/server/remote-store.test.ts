/**
 * What remote repositories keep, on both engines (the embedded SQLite and a PostgreSQL the test
 * starts): settings and the seeded upstream, write-only credentials, the last failure and
 * success, cached documents and files, downloads counted per day (parallel ones all counted)
 * with the catalogue's totals, and where a catalogue version comes from.
 */
import { describe, expect, it } from 'vitest'
import { remoteStore } from '../../server/remote/store'
import { LEFT_PAD, leftPadRows, T0 } from '../support/catalogueRows'
import { migrated, testEngines } from '../support/engines'

const engines = testEngines()

const T1 = '2026-12-01T11:00:00.000Z'
const V = LEFT_PAD

describe.each(engines)('remote store on %s', (_name, open) => {
  it('keeps settings, the upstream, credentials and the last failure and success', async () => {
    const store = remoteStore(await migrated(open))
    const seeded = await store.settings('npm-remote')
    await store.writeSettings('npm-remote', { ...seeded, offline: true, readTimeoutMs: 1234 })
    expect(await store.settings('npm-remote')).toEqual({ ...seeded, offline: true, readTimeoutMs: 1234 })
    await store.setUpstream('npm-remote', 'http://127.0.0.1:9/')
    expect((await store.settings('npm-remote')).offline).toBe(false)
    await store.setUpstream('npm-remote', 'offline')
    expect((await store.settings('npm-remote')).offline).toBe(true)
    // A repository that is not there reads as the defaults.
    expect(await store.settings('none')).toEqual({
      offline: false,
      metadataTtlSeconds: 600,
      connectTimeoutMs: 10_000,
      readTimeoutMs: 30_000,
    })

    expect(await store.credentials('npm-remote')).toBeUndefined()
    await store.writeCredentials('npm-remote', { userName: 'ci', password: 'secret' })
    expect(await store.credentials('npm-remote')).toEqual({ kind: 'basic', user: 'ci', password: 'secret' })
    await store.writeCredentials('npm-remote', { token: 't0ken' })
    expect(await store.credentials('npm-remote')).toEqual({ kind: 'token', token: 't0ken' })
    expect((await store.state('npm-remote')).hasCredentials).toBe(true)
    await store.writeCredentials('npm-remote', { userName: '', token: '' })
    expect(await store.credentials('npm-remote')).toBeUndefined()

    await store.recordFailure('npm-remote', 'refused', T0)
    await store.recordSuccess('npm-remote', T1)
    expect(await store.state('npm-remote')).toEqual({
      lastFailure: 'refused',
      lastFailureAt: T0,
      lastSuccessAt: T1,
      hasCredentials: false,
    })
  })

  it('caches documents and files, replacing what was there', async () => {
    const sql = await migrated(open)
    const store = remoteStore(sql)
    for (const c of ['a', 'b'])
      await sql.run('INSERT INTO blobs (sha256, sha1, md5, size, created) VALUES (?, ?, ?, 10, ?)', [
        c.repeat(64),
        c.repeat(40),
        c.repeat(32),
        T0,
      ])
    await store.saveDocument('npm-remote', 'left-pad', '"e1"', T0, '{"name":"left-pad"}')
    await store.saveDocument('npm-remote', 'left-pad', null, T0, '{"name":"left-pad","versions":{}}')
    await store.touchDocument('npm-remote', 'left-pad', T1)
    expect(await store.document('npm-remote', 'left-pad')).toEqual({
      etag: null,
      fetchedAt: T1,
      document: '{"name":"left-pad","versions":{}}',
    })
    expect(await store.document('npm-remote', 'other')).toBeUndefined()
    const path = 'left-pad/-/left-pad-1.0.0.tgz'
    await store.saveFile('npm-remote', path, 'a'.repeat(64), 10, T0)
    await store.saveFile('npm-remote', path, 'b'.repeat(64), 12, T0, { etag: '"e2"', lastModified: null })
    await store.touchFile('npm-remote', path, T1)
    expect(await store.file('npm-remote', path)).toEqual({
      sha256: 'b'.repeat(64),
      size: 12,
      fetchedAt: T1,
      etag: '"e2"',
      lastModified: null,
    })
    expect(await store.file('npm-remote', 'other')).toBeUndefined()
    // A generic remote's file is cached and listed as a file of the repository, replaced when it changes.
    const validators = { etag: null, lastModified: 'Tue, 01 Dec 2026 10:00:00 GMT' }
    for (const [c, at] of [
      ['a', T0],
      ['b', T1],
    ] as const)
      await store.saveGenericFile(
        'generic-remote',
        'data/report.csv',
        { sha256: c.repeat(64), size: 10, mimeType: 'text/csv' },
        at,
        validators,
      )
    expect(await store.file('generic-remote', 'data/report.csv')).toMatchObject({
      sha256: 'b'.repeat(64),
      ...validators,
    })
    expect(
      await sql.all(
        "SELECT sha256, created, modified, deployed_by FROM artifacts WHERE repo = 'generic-remote'",
      ),
    ).toEqual([{ sha256: 'b'.repeat(64), created: T0, modified: T1, deployed_by: 'generic-remote' }])
  })

  it('counts every one of parallel downloads, per day and on the catalogue', async () => {
    const sql = await migrated(open)
    await leftPadRows(sql)
    const store = remoteStore(sql)
    await Promise.all(Array.from({ length: 12 }, () => store.countDownload(V, '2026-12-01')))
    await store.countDownload(V, '2026-12-02')
    await store.countDownload('generic-local/file.bin', '2026-12-02')
    expect(await store.downloadsSince('2026-12-01')).toEqual([
      { day: '2026-12-01', count: 12 },
      { day: '2026-12-02', count: 2 },
    ])
    expect(await store.downloadsSince('2026-12-02')).toEqual([{ day: '2026-12-02', count: 2 }])
    expect(await sql.one('SELECT download_count FROM catalog_versions WHERE id = ?', [V])).toEqual({
      download_count: 13,
    })
    expect(await sql.one("SELECT downloads FROM catalog_packages WHERE id = 'npm://left-pad'")).toEqual({
      downloads: 13,
    })
    expect(await store.versionSource(V)).toEqual({
      repo: 'npm-local',
      packageName: 'left-pad',
      version: '1.0.0',
      leadFilePath: 'left-pad/-/left-pad-1.0.0.tgz',
    })
    expect(await store.versionSource('npm://none@1')).toBeUndefined()
  })
})
