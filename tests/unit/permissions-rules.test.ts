// The registry's authorisation rules as a table: role × action × repository kind, against
// the default targets the platform seeds (readers read everywhere and cache through remotes,
// the anonymous user reads) plus a grant per role. Each cell is written out by hand.
import { describe, expect, it } from 'vitest'
import {
  REGISTRY_ACTIONS,
  actionsOn,
  allows,
  allowsBelow,
  antPattern,
  readsWhole,
  folderCovered,
  type PermissionTarget,
  type Principal,
  type RepositoryRef,
} from '../../server/permissions/rules'

const target = (
  name: string,
  repositories: string[],
  grants: Partial<Pick<PermissionTarget, 'users' | 'groups' | 'includePatterns' | 'excludePatterns'>>,
): PermissionTarget => ({
  name,
  repositories,
  includePatterns: grants.includePatterns ?? ['**'],
  excludePatterns: grants.excludePatterns ?? [],
  users: grants.users ?? {},
  groups: grants.groups ?? {},
})

const TARGETS: PermissionTarget[] = [
  target('Anything', ['ANY'], { groups: { readers: ['read'] }, users: { anonymous: ['read'] } }),
  target('Any Remote', ['ANY REMOTE'], {
    groups: { readers: ['read', 'deploy'] },
    users: { anonymous: ['read', 'deploy'] },
  }),
  target('deployers', ['ANY LOCAL'], { users: { dana: ['deploy'] } }),
  target('owners', ['lib-local'], { users: { olga: ['delete'] } }),
  target('annotators', ['lib-local', 'lib-remote', 'lib'], { groups: { qa: ['annotate'] } }),
  target('managers', ['ANY'], { users: { max: ['manage'] } }),
  target('virtual annotators', ['ANY VIRTUAL'], { users: { vera: ['annotate'] } }),
]

const REPOS: Record<'local' | 'remote' | 'virtual', RepositoryRef> = {
  local: { key: 'lib-local', kind: 'local' },
  remote: { key: 'lib-remote', kind: 'remote' },
  virtual: { key: 'lib', kind: 'virtual' },
}

const who = (name: string, extra: Partial<Principal> = {}): Principal => ({
  name,
  admin: false,
  anonymous: false,
  groups: ['readers'],
  ...extra,
})

const ROLES: Record<string, Principal> = {
  admin: who('root', { admin: true, groups: [] }),
  anonymous: who('anonymous', { anonymous: true, groups: [] }),
  stranger: who('sam', { groups: [] }),
  reader: who('rita'),
  annotator: who('quinn', { groups: ['readers', 'qa'] }),
  deployer: who('dana'),
  owner: who('olga'),
  manager: who('max'),
  'virtual annotator': who('vera'),
  'manager, read token for lib-local': who('max', { scope: { repositories: ['lib-local'], access: 'read' } }),
  'manager, deploy token': who('max', { scope: { repositories: null, access: 'deploy' } }),
  'admin, read token': who('root', { admin: true, scope: { repositories: null, access: 'read' } }),
}

// Letters: r read, a annotate, d deploy/cache, x delete/overwrite, m manage; '-' not allowed.
const TABLE: Record<string, Record<'local' | 'remote' | 'virtual', string>> = {
  admin: { local: 'radxm', remote: 'radxm', virtual: 'radxm' },
  anonymous: { local: 'r----', remote: 'rad--', virtual: 'r----' },
  stranger: { local: '-----', remote: '-----', virtual: '-----' },
  reader: { local: 'r----', remote: 'rad--', virtual: 'r----' },
  annotator: { local: 'ra---', remote: 'rad--', virtual: 'ra---' },
  deployer: { local: 'rad--', remote: 'rad--', virtual: 'r----' },
  owner: { local: 'radx-', remote: 'rad--', virtual: 'r----' },
  manager: { local: 'radxm', remote: 'radxm', virtual: 'radxm' },
  'virtual annotator': { local: 'r----', remote: 'rad--', virtual: 'ra---' },
  'manager, read token for lib-local': { local: 'r----', remote: '-----', virtual: '-----' },
  'manager, deploy token': { local: 'rad--', remote: 'rad--', virtual: 'rad--' },
  'admin, read token': { local: 'r----', remote: 'r----', virtual: 'r----' },
}

const LETTERS = ['r', 'a', 'd', 'x', 'm'] as const

describe('role × action × repository kind', () => {
  for (const [role, row] of Object.entries(TABLE))
    for (const kind of ['local', 'remote', 'virtual'] as const)
      for (const [i, action] of REGISTRY_ACTIONS.entries()) {
        const expected = row[kind][i] === LETTERS[i]
        it(`${role} ${expected ? 'may' : 'may not'} ${action} a ${kind} repository`, () => {
          expect(allows(ROLES[role]!, TARGETS, REPOS[kind], action)).toBe(expected)
        })
      }
})

describe('path patterns', () => {
  const scoped = [
    target('acme', ['lib-local'], { users: { ann: ['deploy'] }, includePatterns: ['@acme/**'] }),
  ]
  const ann = who('ann', { groups: [] })

  it('grant only inside the include patterns', () => {
    expect(allows(ann, scoped, REPOS.local, 'deploy', '@acme/tool/-/tool-1.0.0.tgz')).toBe(true)
    expect(allows(ann, scoped, REPOS.local, 'deploy', '@acme/tool/')).toBe(true)
    expect(allows(ann, scoped, REPOS.local, 'deploy', 'react/-/react-99.0.0.tgz')).toBe(false)
    expect(allows(ann, scoped, REPOS.local, 'deploy', 'react/')).toBe(false)
  })

  it('exclude patterns win over include patterns', () => {
    const excluded = [{ ...scoped[0]!, excludePatterns: ['@acme/secret/**'] }]
    expect(allows(ann, excluded, REPOS.local, 'read', '@acme/secret/-/secret-1.0.0.tgz')).toBe(false)
    expect(allows(ann, excluded, REPOS.local, 'read', '@acme/open/-/open-1.0.0.tgz')).toBe(true)
  })

  it('reads Ant patterns: ** spans folders, * and ? stay within one', () => {
    expect(antPattern('a/**/z.txt').test('a/z.txt')).toBe(true)
    expect(antPattern('a/**/z.txt').test('a/b/c/z.txt')).toBe(true)
    expect(antPattern('a/*.txt').test('a/b/z.txt')).toBe(false)
    expect(antPattern('a/?.txt').test('a/z.txt')).toBe(true)
    expect(antPattern('a.b/**').test('axb/c')).toBe(false)
  })
})

describe('patterns below a folder (a container image, whose tags are folders)', () => {
  const only = (includePatterns: string[], excludePatterns: string[] = []) =>
    target('t', ['lib-local'], { users: { ann: ['read'] }, includePatterns, excludePatterns })

  it('some path below: an include reaching into it and no exclude covering it whole', () => {
    expect(folderCovered(only(['app/1.0/**']), 'app', 'some')).toBe(true)
    expect(folderCovered(only(['**/1.0/**']), 'team/app', 'some')).toBe(true)
    expect(folderCovered(only(['app/1.0/**']), 'other', 'some')).toBe(false)
    expect(folderCovered(only(['app']), 'app', 'some')).toBe(false)
    expect(folderCovered(only(['**'], ['app/**']), 'app', 'some')).toBe(false)
    expect(folderCovered(only(['**'], ['app/1.0/**']), 'app', 'some')).toBe(true)
    expect(folderCovered(only(['**'], ['a*/**']), 'app', 'some')).toBe(false)
  })

  it('every path below: an include covering it whole and no exclude reaching into it', () => {
    expect(folderCovered(only(['app/**']), 'app', 'all')).toBe(true)
    expect(folderCovered(only(['**']), 'team/app', 'all')).toBe(true)
    expect(folderCovered(only(['app/1.0/**']), 'app', 'all')).toBe(false)
    expect(folderCovered(only(['**'], ['app/1.0/**']), 'app', 'all')).toBe(false)
    expect(folderCovered(only(['**'], ['other/**']), 'app', 'all')).toBe(true)
  })

  it('grants by the same ranks, and admins everywhere', () => {
    const ann = who('ann', { groups: [] })
    const tagOnly = [only(['app/1.0/**'])]
    expect(allowsBelow(ann, tagOnly, REPOS.local, 'read', 'app', 'some')).toBe(true)
    expect(allowsBelow(ann, tagOnly, REPOS.local, 'deploy', 'app', 'some')).toBe(false)
    expect(allowsBelow(ann, tagOnly, REPOS.local, 'read', 'app', 'all')).toBe(false)
    expect(allowsBelow(who('root', { admin: true }), [], REPOS.local, 'delete', 'app', 'all')).toBe(true)
  })

  it("a token's scope bounds them as it bounds a path", () => {
    const readToken = { repositories: null, access: 'read' } as const
    const admin = who('root', { admin: true, scope: readToken })
    expect(allowsBelow(admin, [], REPOS.local, 'read', 'app', 'all')).toBe(true)
    expect(allowsBelow(admin, [], REPOS.local, 'deploy', 'app', 'some')).toBe(false)
    const elsewhere = who('root', { admin: true, scope: { repositories: ['other'], access: 'deploy' } })
    expect(allowsBelow(elsewhere, [], REPOS.local, 'read', 'app', 'some')).toBe(false)
  })
})

describe('reading a repository whole (listings skip the per-path test)', () => {
  const scoped = target('acme', ['lib-local'], { users: { ann: ['read'] }, includePatterns: ['@acme/**'] })
  const ann = who('ann', { groups: [] })

  it('needs a grant without patterns, or an admin', () => {
    expect(readsWhole(ROLES.reader!, TARGETS, REPOS.local)).toBe(true)
    expect(readsWhole(ann, [scoped], REPOS.local)).toBe(false)
    expect(readsWhole(ann, [{ ...scoped, includePatterns: ['**'] }], REPOS.local)).toBe(true)
    expect(
      readsWhole(ann, [{ ...scoped, includePatterns: ['**'], excludePatterns: ['x/**'] }], REPOS.local),
    ).toBe(false)
    expect(readsWhole(ROLES.admin!, [], REPOS.virtual)).toBe(true)
  })

  it('never for a repository the caller may not read at all, an admin’s token scope included', () => {
    expect(readsWhole(ROLES.stranger!, TARGETS, REPOS.local)).toBe(false)
    const elsewhere = who('root', { admin: true, scope: { repositories: ['other'], access: 'read' } })
    expect(readsWhole(elsewhere, [], REPOS.local)).toBe(false)
  })
})

it('lists the actions a role holds, lowest first', () => {
  expect(actionsOn(ROLES.owner!, TARGETS, REPOS.local)).toEqual(['read', 'annotate', 'deploy', 'delete'])
  expect(actionsOn(ROLES.stranger!, TARGETS, REPOS.remote)).toEqual([])
})
