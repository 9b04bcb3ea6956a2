/** The repository form's rules give message keys; the repositories pages and the platform word them alike. */
import { describe, expect, it } from 'vitest'
import {
  emptyRepositoryForm,
  problemsOfRefusal,
  validateRepositoryForm,
  type KnownRepositories,
  type RepositoryForm,
  type RepositoryMessage,
} from '../../domain/repositories/rules'
import { repositoryProblemText } from '../../ui/repositories/messages'

const known: KnownRepositories = new Map([
  ['npm-local', { kind: 'local', packageType: 'npm' }],
  ['npm-remote', { kind: 'remote', packageType: 'npm' }],
  ['deb', { kind: 'local', packageType: 'debian' }],
])
const problems = (form: RepositoryForm) => {
  const result = validateRepositoryForm(form, known)
  return result._tag === 'Left' ? result.left : {}
}

describe('repository form rules', () => {
  it.each<[string, RepositoryForm, Record<string, RepositoryMessage>]>([
    ['a blank key', emptyRepositoryForm('local'), { key: { key: 'mandatory' } }],
    [
      'a long key',
      emptyRepositoryForm('local', { key: 'k'.repeat(65) }),
      { key: { key: 'repositoryKeyTooLong', max: 64 } },
    ],
    ['a key with a space', emptyRepositoryForm('local', { key: 'a b' }), { key: { key: 'invalidName' } }],
    [
      'an unknown type',
      emptyRepositoryForm('local', { key: 'k', packageType: 'cobol' }),
      { packageType: { key: 'choosePackageType' } },
    ],
    ['a remote without URL', emptyRepositoryForm('remote', { key: 'k' }), { url: { key: 'mandatory' } }],
    [
      'a remote with an ftp URL',
      emptyRepositoryForm('remote', { key: 'k', url: 'ftp://x' }),
      { url: { key: 'invalidUrl' } },
    ],
    [
      'a virtual without members',
      emptyRepositoryForm('virtual', { key: 'v' }),
      { members: { key: 'membersNeeded' } },
    ],
    [
      'a virtual in itself',
      emptyRepositoryForm('virtual', { key: 'v', members: ['v'] }),
      { members: { key: 'selfMember' } },
    ],
    [
      'members of another type',
      emptyRepositoryForm('virtual', { key: 'v', members: ['deb'] }),
      { members: { key: 'memberTypeDiffers' } },
    ],
    [
      'a remote default deployment repository',
      emptyRepositoryForm('virtual', {
        key: 'v',
        members: ['npm-remote'],
        defaultDeploymentRepo: 'npm-remote',
      }),
      { defaultDeploymentRepo: { key: 'defaultDeploymentNotLocal' } },
    ],
  ])('%s', (_, form, expected) => {
    expect(problems(form)).toEqual(expected)
  })

  it("a taken key is the key field's problem, in the platform's words", () => {
    expect(problemsOfRefusal({ code: 'EXISTS', message: 'A repository with the key k exists' })).toEqual({
      key: { key: 'platformSaid', text: 'A repository with the key k exists' },
    })
    expect(problemsOfRefusal({ message: 'down' })).toEqual({})
  })

  it.each<[RepositoryMessage, string]>([
    [{ key: 'mandatory' }, 'This field is mandatory'],
    [{ key: 'invalidName' }, 'Name can only contain alphanumeric characters, dashes and periods'],
    [{ key: 'invalidUrl' }, 'Enter a valid URL'],
    [{ key: 'repositoryKeyTooLong', max: 64 }, 'Repository key must be at most 64 characters'],
    [{ key: 'choosePackageType' }, 'Choose a package type'],
    [{ key: 'membersNeeded' }, 'A virtual repository needs at least one member'],
    [{ key: 'memberTypeDiffers' }, 'Members must be repositories of the same package type'],
    [{ key: 'defaultDeploymentNotLocal' }, 'The default deployment repository must be a local member'],
    [{ key: 'selfMember' }, 'A virtual repository cannot contain itself'],
    [
      { key: 'platformSaid', text: 'A repository with the key k exists' },
      'A repository with the key k exists',
    ],
    [{ key: 'recorded', text: 'as an earlier build said it' }, 'as an earlier build said it'],
  ])('the catalogue words %o as %s', (message, text) => {
    expect(repositoryProblemText(message)).toBe(text)
  })
})
