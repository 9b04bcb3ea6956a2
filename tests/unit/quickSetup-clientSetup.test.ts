/** Quick setup's client form rule (domain/quickSetup/clientSetup.ts): the command's value or the problem. */
import { describe, expect, it } from 'vitest'
import { left, right } from 'fp-ts/Either'
import { validateClientSetup } from '../../domain/quickSetup/clientSetup'

const platform: Readonly<Record<string, ReadonlyArray<string>>> = {
  npm: ['npm', 'npm-local', 'npm-remote'],
  maven: ['libs'],
}
const reposOf = (packageType: string) => platform[packageType] ?? []

describe('validateClientSetup', () => {
  it.each([
    [
      "the first offered type and the first of the platform's repositories of it",
      ['npm', 'maven'],
      { type: '', repo: '' },
      right({ packageType: 'npm', repo: 'npm', availableRepos: ['npm', 'npm-local', 'npm-remote'] }),
    ],
    [
      'the type and repository picked, the picked one first among the offered',
      ['npm', 'maven'],
      { type: 'npm', repo: 'npm-remote' },
      right({ packageType: 'npm', repo: 'npm-remote', availableRepos: ['npm-remote', 'npm', 'npm-local'] }),
    ],
    [
      "a repository picked for another type: the chosen type's first",
      ['npm', 'maven'],
      { type: 'maven', repo: 'npm-local' },
      right({ packageType: 'maven', repo: 'libs', availableRepos: ['libs'] }),
    ],
    [
      'no type picked: the first offered that the platform has a repository of',
      ['alpine', 'maven', 'npm'],
      { type: '', repo: '' },
      right({ packageType: 'maven', repo: 'libs', availableRepos: ['libs'] }),
    ],
    [
      // A key made up from the type (alpine-remote) would be a repository the platform does not have.
      'a type the platform has no repository of',
      ['alpine', 'npm'],
      { type: 'alpine', repo: '' },
      left({ repo: { key: 'noRepository' } }),
    ],
    [
      'no type offered has a repository',
      ['alpine'],
      { type: '', repo: '' },
      left({ repo: { key: 'noRepository' } }),
    ],
    [
      'no type offered or picked',
      [],
      { type: '', repo: 'libs' },
      left({ type: { key: 'choosePackageType' } }),
    ],
  ] as const)('%s', (_, offered, values, expected) => {
    expect(validateClientSetup(offered, reposOf)(values)).toEqual(expected)
  })
})
