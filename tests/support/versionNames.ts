/**
 * Version names that test the catalogue's order (server/catalog/versionOrder.ts): semantic
 * versions with pre-releases, build metadata and large numbers, and names that are no semantic
 * version; and an arbitrary that mixes them with generated ones.
 */
import fc from 'fast-check'

export const NAMES = [
  '1.0.0',
  '1.0.0-alpha',
  '1.0.0-alpha.1',
  '1.0.0-alpha.beta',
  '1.0.0-beta.2',
  '1.0.0-beta.11',
  '1.0.0-rc.1',
  '1.0.0+build.7',
  '1.0.0+build.10',
  'v1.0.0',
  '2.0.0',
  '10.0.0',
  '9.99.999',
  '1.2.3-0',
  '1.2.3-00',
  '1.2.3-1a',
  '1.2.3-9007199254740993',
  '9007199254740991.0.0',
  '9007199254740992.0.0',
  '01.2.3',
  '1.2',
  'latest',
  'Latest',
  '1.0.0-',
  ' 3.0.0 ',
  '3.0.0-x.7.z.92',
  '3.0.0-X.7',
  '1:2.36-9+deb12u4',
  '2.36-9',
  '',
]

export const versionName = fc.oneof(
  fc.constantFrom(...NAMES),
  fc
    .tuple(
      fc.nat(12),
      fc.nat(12),
      fc.nat(12),
      fc.option(
        fc.array(fc.oneof(fc.nat(12).map(String), fc.constantFrom('alpha', 'beta', 'rc', '0a', 'x-y')), {
          minLength: 1,
          maxLength: 3,
        }),
      ),
      fc.option(fc.constantFrom('b1', 'build.5', 'sha-1')),
    )
    .map(
      ([major, minor, patch, pre, build]) =>
        `${major}.${minor}.${patch}${pre ? `-${pre.join('.')}` : ''}${build ? `+${build}` : ''}`,
    ),
  fc.string({ maxLength: 8 }),
)
