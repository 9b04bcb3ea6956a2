/**
 * A remote repository's upstream (domain/repositories/remote.ts): the form of a new or a saved
 * remote, its numbers' edges and blanks, the credentials' rules, and the shapes a log keeps of a
 * remote's settings, a connection test and a save (a script reading the log relies on them; a
 * line of another shape is refused as the log is read).
 */
import { describe, expect, it } from 'vitest'
import { left, right } from 'fp-ts/Either'
import { decodeEventLine } from '../../domain/log'
import {
  REMOTE_BOUNDS,
  emptyRemoteForm,
  remoteFormOf,
  remoteHealth,
  validateRemoteForm,
  type RemoteSettings,
} from '../../domain/repositories/remote'

const line = (type: string, data: unknown) => ({
  kind: 'event',
  seq: 1,
  at: '2026-12-05T01:00:00.000Z',
  source: 'ui',
  corr: 'c1',
  type,
  v: 1,
  data,
})
const reads = (type: string, data: unknown): boolean => decodeEventLine(line(type, data)).ok

const settings: RemoteSettings = {
  offline: true,
  lastFailure: null,
  lastFailureAt: null,
  lastSuccessAt: '2026-12-05T00:00:00.000Z',
  metadataTtlSeconds: 3600,
  connectTimeoutMs: 5000,
  readTimeoutMs: 60000,
  hasCredentials: true,
}

describe("a remote's form", () => {
  it('of a new remote is online, with the server defaults and no credentials', () => {
    expect(emptyRemoteForm()).toEqual({
      offline: false,
      metadataTtlSeconds: '600',
      connectTimeoutMs: '10000',
      readTimeoutMs: '30000',
      userName: '',
      removeCredentials: false,
    })
  })

  it('of a saved remote shows its settings as typed text, and never its credentials', () => {
    expect(remoteFormOf(settings)).toEqual({
      offline: true,
      metadataTtlSeconds: '3600',
      connectTimeoutMs: '5000',
      readTimeoutMs: '60000',
      userName: '',
      removeCredentials: false,
    })
  })

  it('takes numbers with blanks around them, at each bound', () => {
    const form = emptyRemoteForm({
      metadataTtlSeconds: ` ${REMOTE_BOUNDS.metadataTtlSeconds.max} `,
      connectTimeoutMs: `${REMOTE_BOUNDS.connectTimeoutMs.max}`,
      readTimeoutMs: ` ${REMOTE_BOUNDS.readTimeoutMs.min}`,
    })
    expect(validateRemoteForm(form)).toEqual(
      right({
        offline: false,
        metadataTtlSeconds: 604_800,
        connectTimeoutMs: 300_000,
        readTimeoutMs: 100,
        credentials: { kind: 'keep' },
      }),
    )
  })

  it('says an empty number is missing, and one past a bound is out of range', () => {
    expect(
      validateRemoteForm(
        emptyRemoteForm({ metadataTtlSeconds: '', connectTimeoutMs: '  ', readTimeoutMs: '600001' }),
      ),
    ).toEqual(
      left({
        metadataTtlSeconds: { key: 'mandatory' },
        connectTimeoutMs: { key: 'mandatory' },
        readTimeoutMs: { key: 'wholeNumberBetween', min: 100, max: 600_000 },
      }),
    )
    expect(validateRemoteForm(emptyRemoteForm({ metadataTtlSeconds: '604801' }))).toEqual(
      left({ metadataTtlSeconds: { key: 'wholeNumberBetween', min: 0, max: 604_800 } }),
    )
  })

  it('refuses a token typed with a password, even with no user name', () => {
    expect(validateRemoteForm(emptyRemoteForm({ tokenRef: 't', passwordRef: 'p' }))).toEqual(
      left({ token: { key: 'userOrToken' } }),
    )
    expect(validateRemoteForm(emptyRemoteForm({ tokenRef: 't' }))).toEqual(
      right(expect.objectContaining({ credentials: { kind: 'token', tokenRef: 't' } })),
    )
  })

  it('an upstream that failed after its last success is failing', () => {
    expect(
      remoteHealth({
        offline: false,
        lastFailure: 'connect timed out',
        lastFailureAt: '2026-12-05T00:00:01.000Z',
        lastSuccessAt: '2026-12-05T00:00:00.000Z',
      }),
    ).toBe('failing')
  })
})

describe("what a log keeps of a remote's upstream", () => {
  it("reads a remote's settings, with a status never asked (nulls)", () => {
    const data = { requestId: 'r1', key: 'npm-remote', settings }
    expect(reads('repositories/RemoteLoaded', data)).toBe(true)
    expect(
      reads('repositories/RemoteLoaded', { ...data, settings: { ...settings, lastFailure: 'refused' } }),
    ).toBe(true)
    for (const field of [
      'offline',
      'lastFailure',
      'lastFailureAt',
      'lastSuccessAt',
      'hasCredentials',
    ] as const) {
      const { [field]: _gone, ...without } = settings
      expect(reads('repositories/RemoteLoaded', { ...data, settings: without }), field).toBe(false)
    }
    expect(reads('repositories/RemoteLoaded', { ...data, settings: { ...settings, lastFailureAt: 7 } })).toBe(
      false,
    )
  })

  it("reads a connection test's answer, with or without an HTTP status, and refuses an unknown result", () => {
    const answer = { result: 'refusedCredentials', url: 'https://registry.npmjs.org/', status: 401 }
    expect(reads('repositories/ConnectionTested', { requestId: 'r1', answer })).toBe(true)
    expect(
      reads('repositories/ConnectionTested', { requestId: 'r1', answer: { ...answer, status: '401' } }),
    ).toBe(false)
    expect(
      reads('repositories/ConnectionTested', { requestId: 'r1', answer: { result: 'maybe', url: 'x' } }),
    ).toBe(false)
    expect(reads('repositories/ConnectionTested', { requestId: 'r1', answer: { result: 'reachable' } })).toBe(
      false,
    )
  })

  it('reads each change of credentials a test or a save carries, and refuses one of another kind', () => {
    const test = (credentials: unknown) =>
      reads('repositories/ConnectionTestRequested', {
        requestId: 'r1',
        key: 'npm-remote',
        packageType: 'npm',
        url: 'https://registry.npmjs.org/',
        connectTimeoutMs: 1000,
        readTimeoutMs: 1000,
        credentials,
      })
    for (const credentials of [
      { kind: 'keep' },
      { kind: 'remove' },
      { kind: 'basic', userName: 'ci', passwordRef: 'vault-1' },
      { kind: 'basic', userName: 'ci', passwordRef: null },
      { kind: 'token', tokenRef: 'vault-2' },
    ])
      expect(test(credentials), JSON.stringify(credentials)).toBe(true)
    for (const credentials of [
      { kind: 'password', password: 'secret' },
      { kind: 'basic', passwordRef: 'vault-1' },
      { kind: 'token' },
      {},
    ])
      expect(test(credentials), JSON.stringify(credentials)).toBe(false)
  })

  it("reads a save's remote change, and refuses one without its numbers", () => {
    const form = {
      kind: 'remote',
      key: 'npm-remote',
      packageType: 'npm',
      description: '',
      url: 'https://registry.npmjs.org/',
      members: [],
      defaultDeploymentRepo: '',
      includesPattern: '**/*',
      excludesPattern: '',
    }
    const remote = {
      offline: false,
      metadataTtlSeconds: 600,
      connectTimeoutMs: 10000,
      readTimeoutMs: 30000,
      credentials: { kind: 'keep' },
    }
    const save = (r: unknown) =>
      reads('repositories/SaveRequested', { requestId: 'r1', create: true, form, remote: r })
    expect(save(remote)).toBe(true)
    const { readTimeoutMs: _gone, ...short } = remote
    expect(save(short)).toBe(false)
  })
})
