/** Quick setup's client form rule (domain/onboarding/clientSetup.ts): the command's value or the problem. */
import { describe, expect, it } from 'vitest'
import { left, right } from 'fp-ts/Either'
import { validateClientSetup } from '../../domain/onboarding/clientSetup'

describe('validateClientSetup', () => {
  it.each([
    [
      'the first offered type and its default repository',
      ['npm', 'maven'],
      { type: '', repo: '' },
      right({ packageType: 'npm', repo: 'npm-remote' }),
    ],
    [
      'the type picked and the key typed (trimmed)',
      ['npm', 'maven'],
      { type: 'maven', repo: ' libs ' },
      right({ packageType: 'maven', repo: 'libs' }),
    ],
    [
      'no type offered or picked',
      [],
      { type: '', repo: 'libs' },
      left({ type: { key: 'choosePackageType' } }),
    ],
    ['a key with spaces', ['npm'], { type: '', repo: 'my repo!' }, left({ repo: { key: 'invalidName' } })],
    ['a key too long', ['npm'], { type: '', repo: 'a'.repeat(65) }, left({ repo: { key: 'invalidName' } })],
  ] as const)('%s', (_, offered, values, expected) => {
    expect(validateClientSetup(offered)(values)).toEqual(expected)
  })
})
