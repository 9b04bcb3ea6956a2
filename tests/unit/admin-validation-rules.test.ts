/**
 * The admin forms' rules at their edges (spec 000 section 5): general settings and their import,
 * proxies, projects and members, users, groups and permissions. A form submits only when its rule
 * gives no field (ui/shared/forms.tsx: `Object.keys(problems).length === 0`), so "the fields
 * refused" below is what keeps the form's Save from sending.
 */
import { describe, expect, it } from 'vitest'
import { isLeft, isRight } from 'fp-ts/Either'
import {
  MANDATORY,
  decodeGeneralConfigImport,
  emailProblem,
  filterUsers,
  memberProblems,
  validateGeneralConfig,
  validateGroup,
  validatePermission,
  validateProject,
  validateProxy,
  validateUser,
  type PermissionDraft,
} from '../../domain/admin/validation'
import type { AdminMessage } from '../../domain/admin/messages'
import { adminText } from '../../ui/admin/messages'

const refused = (problems: object): string[] => Object.keys(problems)
const INVALID_URL: AdminMessage = { key: 'invalidUrl' }

describe('general settings', () => {
  const config = { serverName: 'Acme', baseUrl: '' }

  it('take a server name of up to 100 characters', () => {
    expect(refused(validateGeneralConfig({ ...config, serverName: 's'.repeat(100) }))).toEqual([])
    expect(validateGeneralConfig({ ...config, serverName: 's'.repeat(101) })).toEqual({
      serverName: { key: 'serverNameTooLong', max: 100 },
    })
    expect(adminText(validateGeneralConfig({ ...config, serverName: 's'.repeat(101) }).serverName!)).toBe(
      'Server name must be at most 100 characters',
    )
  })

  it('take an http or https address and refuse any other, or text that is no address', () => {
    for (const baseUrl of ['http://repo.example', 'https://repo.example/ui/'])
      expect(refused(validateGeneralConfig({ ...config, baseUrl })), baseUrl).toEqual([])
    for (const baseUrl of ['ftp://repo.example', 'repo.example', 'http//repo', 'javascript:alert(1)'])
      expect(validateGeneralConfig({ ...config, baseUrl }), baseUrl).toEqual({ baseUrl: INVALID_URL })
    expect(
      validateGeneralConfig({ ...config, logoUrl: 'not a url', accountPortalUrl: 'http://portal' }),
    ).toEqual({
      logoUrl: INVALID_URL,
    })
  })
})

describe('an imported general-settings file', () => {
  const saved = { serverName: 'Acme', baseUrl: 'https://repo.example/', customMessage: 'Hello' }

  it('gives the configuration it holds, without what else an exported answer carried', () => {
    const decoded = decodeGeneralConfigImport(JSON.stringify({ ...saved, licenses: [], readOnlyMode: true }))
    expect(decoded).toEqual({ _tag: 'Right', right: { ...saved, readOnlyMode: true } })
  })

  it('is refused when it is not JSON or not a configuration', () => {
    for (const text of [
      '',
      '{',
      'null',
      '[]',
      '{"serverName":"Acme"}',
      JSON.stringify({ ...saved, baseUrl: 7 }),
    ]) {
      const decoded = decodeGeneralConfigImport(text)
      expect(isLeft(decoded) && adminText(decoded.left), text).toBe(
        'The file does not hold a general configuration',
      )
    }
  })

  it("is held to the form's rules: the first problem is the one shown", () => {
    expect(decodeGeneralConfigImport(JSON.stringify({ ...saved, serverName: ' ' }))).toEqual({
      _tag: 'Left',
      left: MANDATORY,
    })
    expect(decodeGeneralConfigImport(JSON.stringify({ ...saved, baseUrl: 'ftp://x' }))).toEqual({
      _tag: 'Left',
      left: INVALID_URL,
    })
    expect(
      isRight(decodeGeneralConfigImport(JSON.stringify({ ...saved, serverName: 's'.repeat(100) }))),
    ).toBe(true)
  })
})

describe('a proxy', () => {
  const proxy = { key: 'corp-proxy', host: 'proxy.corp.example', port: '8080' }

  it('is accepted with a named key, a host and a port', () => {
    expect(refused(validateProxy(proxy))).toEqual([])
    expect(refused(validateProxy({ ...proxy, host: '[::1]' }))).toEqual([])
    expect(refused(validateProxy({ ...proxy, host: '10.0.0.1:3128' }))).toEqual([])
  })

  it('needs each field: blanks are no value', () => {
    expect(validateProxy({ key: ' ', host: ' ', port: ' ' })).toEqual({
      key: MANDATORY,
      host: MANDATORY,
      port: MANDATORY,
    })
  })

  it('takes a key of up to 64 name characters', () => {
    expect(refused(validateProxy({ ...proxy, key: 'k'.repeat(64) }))).toEqual([])
    expect(validateProxy({ ...proxy, key: 'k'.repeat(65) })).toEqual({ key: { key: 'invalidName' } })
    expect(validateProxy({ ...proxy, key: 'corp proxy' })).toEqual({ key: { key: 'invalidName' } })
  })

  it('takes a host name of up to 253 characters, of letters, digits, dots, dashes and brackets only', () => {
    expect(refused(validateProxy({ ...proxy, host: 'h'.repeat(253) }))).toEqual([])
    const invalidHost = { host: { key: 'invalidHost' } }
    expect(validateProxy({ ...proxy, host: 'h'.repeat(254) })).toEqual(invalidHost)
    for (const host of ['proxy corp', 'http://proxy', 'proxy/', '/proxy', 'proxy_1', 'é.example'])
      expect(validateProxy({ ...proxy, host }), host).toEqual(invalidHost)
    expect(adminText(validateProxy({ ...proxy, host: 'a b' }).host!)).toBe('Enter a valid host name')
  })

  it('takes a whole port from 1 to 65535', () => {
    for (const port of ['1', '65535', '443'])
      expect(refused(validateProxy({ ...proxy, port })), port).toEqual([])
    const range = { port: { key: 'portRange', min: 1, max: 65535 } }
    for (const port of ['0', '65536', '-1', '80.5', 'eighty'])
      expect(validateProxy({ ...proxy, port }), port).toEqual(range)
  })
})

describe('a project', () => {
  it('with a good key and a name can be created', () => {
    expect(refused(validateProject({ key: 'acme', name: 'Acme' }))).toEqual([])
  })

  it('needs a name that is not only blanks, and a key by the project key rule', () => {
    expect(validateProject({ key: 'acme', name: '  ' })).toEqual({ name: MANDATORY })
    expect(validateProject({ key: 'Acme', name: 'Acme' })).toEqual({ key: { key: 'projectKeyStart' } })
  })

  it('a member is found whatever the case, among several members', () => {
    const members = [{ name: 'Alice' }, { name: 'bob' }]
    expect(memberProblems('BOB', members)).toEqual({ name: { key: 'alreadyMember', name: 'BOB' } })
    expect(memberProblems('carol', members)).toEqual({})
  })
})

describe('users and groups', () => {
  const ok = { name: 'dev', email: 'dev@example.com', password: 'long enough', create: true }

  it('a name of 64 characters, a password of 8 and of 256 are taken', () => {
    expect(refused(validateUser({ ...ok, name: 'n'.repeat(64) }))).toEqual([])
    expect(refused(validateUser({ ...ok, password: 'p'.repeat(8) }))).toEqual([])
    expect(refused(validateUser({ ...ok, password: 'p'.repeat(256) }))).toEqual([])
    expect(validateUser({ ...ok, password: 'p'.repeat(7) })).toEqual({
      password: { key: 'passwordTooShort', min: 8 },
    })
  })

  it('an e-mail of blanks is missing, and one of up to 254 characters is taken', () => {
    expect(emailProblem('   ')).toEqual(MANDATORY)
    const at254 = `${'u'.repeat(254 - '@example.com'.length)}@example.com`
    expect(at254).toHaveLength(254)
    expect(emailProblem(at254)).toBeUndefined()
    expect(emailProblem(`u${at254}`)).toEqual({ key: 'invalidEmail' })
  })

  it('a group description of 1000 characters is taken', () => {
    expect(refused(validateGroup({ name: 'readers', description: 'd'.repeat(1000) }))).toEqual([])
  })

  it('users are filtered by name whatever its case, not only by e-mail', () => {
    const users = [
      { name: 'Alice', email: 'a1@corp.example' },
      { name: 'bob', email: 'b@corp.example' },
    ]
    expect(filterUsers(users, 'ali').map((u) => u.name)).toEqual(['Alice'])
    expect(filterUsers(users, 'BOB').map((u) => u.name)).toEqual(['bob'])
  })
})

describe('a permission', () => {
  const draft: PermissionDraft = {
    name: 'deployers',
    repositories: ['npm-local'],
    includePatterns: ['**'],
    excludePatterns: [],
    users: { alice: ['read'] },
    groups: { readers: ['read'] },
  }

  it('takes 500 repositories of up to 128 characters, and 100 patterns of up to 256 each way', () => {
    const many = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`)
    expect(
      refused(
        validatePermission({
          ...draft,
          repositories: [...many(499, 'r'), 'r'.repeat(128)],
          includePatterns: [...many(99, 'i'), 'i'.repeat(256)],
          excludePatterns: [...many(99, 'e'), 'e'.repeat(256)],
        }),
      ),
    ).toEqual([])
  })

  it('words each list that is too long, or an entry too long, by what it holds', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => `x${i}`)
    const problems = validatePermission({
      ...draft,
      repositories: many(501),
      includePatterns: ['p'.repeat(257)],
      excludePatterns: many(101),
    })
    expect(problems).toEqual({
      repositories: { key: 'tooManyEntries', max: 500, what: 'repositories' },
      includePatterns: { key: 'entryTooLong', max: 256 },
      excludePatterns: { key: 'tooManyEntries', max: 100, what: 'patterns' },
    })
    expect(adminText(problems.repositories!)).toBe('At most 500 repositories')
    expect(adminText(problems.excludePatterns!)).toBe('At most 100 patterns')
    expect(validatePermission({ ...draft, excludePatterns: ['e'.repeat(257)] })).toEqual({
      excludePatterns: { key: 'entryTooLong', max: 256 },
    })
  })

  it('names the group left without an action', () => {
    const problems = validatePermission({ ...draft, groups: { readers: [] } })
    expect(adminText(problems.principals!)).toBe('Choose at least one action for group readers')
  })
})
