import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { isLeft, isRight } from 'fp-ts/Either'
import {
  REPOSITORY_KINDS,
  REPOSITORY_PACKAGE_TYPES,
  isRepoKey,
  keyProblem,
  quickRepositoryKeys,
  validateRepositoryForm,
  emptyRepositoryForm,
  type KnownRepositories,
  type RepositoryForm,
} from '../../domain/repositories'

const keyChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.')
const validKey = fc.array(keyChar, { minLength: 1, maxLength: 64 }).map((cs) => cs.join(''))
const packageType = fc.constantFrom(...REPOSITORY_PACKAGE_TYPES)

const known: KnownRepositories = new Map([
  ['npm-local', { kind: 'local', packageType: 'npm' }],
  ['npm-remote', { kind: 'remote', packageType: 'npm' }],
  ['debian-local', { kind: 'local', packageType: 'debian' }],
])

const form = (over: Partial<RepositoryForm>): RepositoryForm =>
  emptyRepositoryForm('local', { key: 'k', ...over })

describe('repository keys', () => {
  it('accepts exactly 1 to 64 letters, digits, dashes, underscores and periods', () => {
    fc.assert(fc.property(validKey, (key) => keyProblem(key) === undefined && isRepoKey(key)))
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (key) => {
        const ok = key.length >= 1 && key.length <= 64 && /^[A-Za-z0-9_.-]+$/.test(key)
        expect(keyProblem(key) === undefined).toBe(ok)
      }),
    )
  })
})

describe('repository forms', () => {
  it('a local repository with a valid key and type is valid, and keeps its key as typed', () => {
    fc.assert(
      fc.property(validKey, packageType, fc.string({ maxLength: 40 }), (key, t, description) => {
        const result = validateRepositoryForm(form({ key, packageType: t, description }), known)
        expect(isRight(result) && result.right).toMatchObject({
          key,
          packageType: t,
          description: description.trim(),
        })
      }),
    )
  })

  it('a remote repository needs an http(s) URL; other kinds drop it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...REPOSITORY_KINDS), fc.webUrl(), (kind, url) => {
        const result = validateRepositoryForm(
          form({ kind, url, members: kind === 'virtual' ? ['npm-local'] : [] }),
          known,
        )
        expect(isRight(result)).toBe(true)
        if (isRight(result)) expect(result.right.url).toBe(kind === 'remote' ? url : null)
      }),
      { numRuns: 40 },
    )
    const bad = validateRepositoryForm(form({ kind: 'remote', url: 'ftp://host/x' }), known)
    expect(isLeft(bad) && bad.left).toEqual({ url: { key: 'invalidUrl' } })
  })

  it('a virtual repository needs members of its type and a local default deployment member', () => {
    fc.assert(
      fc.property(
        fc.subarray(['npm-local', 'npm-remote', 'debian-local']),
        fc.constantFrom('', 'npm-local', 'npm-remote'),
        (members, deploy) => {
          const result = validateRepositoryForm(
            form({ kind: 'virtual', members, defaultDeploymentRepo: deploy }),
            known,
          )
          const ok =
            members.length > 0 &&
            !members.includes('debian-local') &&
            (deploy === '' || (deploy === 'npm-local' && members.includes('npm-local')))
          expect(isRight(result)).toBe(ok)
        },
      ),
    )
  })

  it('Quick Repository Creation names local, remote and a virtual whose key passes the rule', () => {
    fc.assert(
      fc.property(packageType, (t) => {
        const keys = quickRepositoryKeys(t)
        expect([keys.local, keys.remote, keys.virtual].every((k) => keyProblem(k) === undefined)).toBe(true)
        expect(new Set(Object.values(keys)).size).toBe(3)
      }),
    )
  })
})
