/** The deploy dialog's form rules (domain/artifacts/deployForm.ts). */
import { describe, expect, it } from 'vitest'
import { left, right } from 'fp-ts/Either'
import { pathAfterChoosing, validateDeploy } from '../../domain/artifacts/deployForm'

const file = { name: 'hello.txt' }

describe('validateDeploy', () => {
  it.each([
    [
      'a repository, a file and a path',
      { repoKey: 'r', file, path: 'a/b.txt' },
      right({ repoKey: 'r', file, path: 'a/b.txt' }),
    ],
    ['no file', { repoKey: 'r', file: null, path: 'a' }, left({ file: { key: 'chooseDeployFile' } })],
    ['no repository', { repoKey: '', file, path: 'a' }, left({ repoKey: { key: 'chooseDeployTarget' } })],
    [
      'a .. segment',
      { repoKey: 'r', file, path: 'a/../b' },
      left({ path: { key: 'artifactPath', detail: 'The path has an empty, . or .. segment' } }),
    ],
    [
      'no path and no file',
      { repoKey: 'r', file: null, path: '' },
      left({
        file: { key: 'chooseDeployFile' },
        path: { key: 'artifactPath', detail: 'The path must have 1 to 1024 characters' },
      }),
    ],
  ] as const)('%s', (_, values, expected) => {
    expect(validateDeploy(values)).toEqual(expected)
  })
})

describe('pathAfterChoosing', () => {
  it.each([
    ['nothing typed: the default', '', false, 'dir/a.txt'],
    ['a path not typed by the user: the new default', 'dir/old.txt', false, 'dir/a.txt'],
    ['a typed path stays', 'mine/x.txt', true, 'mine/x.txt'],
    ['a typed path emptied: the default', '', true, 'dir/a.txt'],
  ] as const)('%s', (_, current, typed, expected) => {
    expect(pathAfterChoosing(current, typed, 'dir/a.txt')).toBe(expected)
  })
})
