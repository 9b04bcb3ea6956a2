/** The repository form's rules give message keys; the repositories pages and the platform word them alike. */
import { describe, expect, it } from 'vitest'
import {
  QUICK_REMOTE_URLS,
  REPOSITORY_KINDS,
  REPOSITORY_PACKAGE_TYPES,
  SERVED_PACKAGE_TYPES,
  emptyRepositoryForm,
  isRepositoryPackageType,
  quickRepositoryKeys,
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
    ...[
      'http://169.254.169.254/latest/',
      'https://2852039166/',
      'http://0251.0376.0251.0376/',
      'http://[FE80::a:1]:8080/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://METADATA.google.internal/',
      'http://100.100.100.200/',
    ].map((url): [string, RepositoryForm, Record<string, RepositoryMessage>] => [
      `a remote at ${url}`,
      emptyRepositoryForm('remote', { key: 'k', url }),
      { url: { key: 'refusedAddress' } },
    ]),
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

  it('takes an upstream beside the refused ranges: private, loopback, site-local IPv6, a named host', () => {
    for (const url of [
      'http://169.255.0.1/',
      'http://168.254.169.254/',
      'http://10.0.0.1:4873/',
      'http://127.0.0.1:4873',
      'http://[fec0::1]/',
      'http://[::1]:4873/',
      'https://registry.npmjs.org',
      'http://metadata.example.com/',
    ])
      expect({ url, problems: problems(emptyRepositoryForm('remote', { key: 'k', url })) }).toEqual({
        url,
        problems: {},
      })
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
    [
      { key: 'refusedAddress' },
      'Link-local and cloud metadata addresses (169.254.0.0/16, fe80::/10, …) cannot be used',
    ],
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

describe('the definition a valid form gives', () => {
  const valid = (form: RepositoryForm) => {
    const result = validateRepositoryForm(form, known)
    if (result._tag === 'Left') throw new Error(JSON.stringify(result.left))
    return result.right
  }

  it('trims the text fields, defaults the includes pattern to everything, and drops other kinds’ fields', () => {
    expect(
      valid(
        emptyRepositoryForm('local', {
          key: 'libs',
          packageType: ' NPM ',
          description: '  shared libraries ',
          includesPattern: '  ',
          excludesPattern: ' **/*.tmp ',
          url: 'https://registry.npmjs.org',
          members: ['npm-local'],
          defaultDeploymentRepo: 'npm-local',
        }),
      ),
    ).toEqual({
      key: 'libs',
      kind: 'local',
      packageType: 'npm',
      description: 'shared libraries',
      includesPattern: '**/*',
      excludesPattern: '**/*.tmp',
      url: null,
      members: [],
      defaultDeploymentRepo: null,
    })
    expect(
      valid(emptyRepositoryForm('local', { key: 'k', includesPattern: ' org/** ' })).includesPattern,
    ).toBe('org/**')
  })

  it('a remote keeps its trimmed URL; a virtual its members once each and its trimmed deployment member', () => {
    expect(valid(emptyRepositoryForm('remote', { key: 'r', url: ' https://registry.npmjs.org ' })).url).toBe(
      'https://registry.npmjs.org',
    )
    const virtual = valid(
      emptyRepositoryForm('virtual', {
        key: 'v',
        members: ['npm-local', 'npm-remote', 'npm-local'],
        defaultDeploymentRepo: ' npm-local ',
      }),
    )
    expect(virtual.members).toEqual(['npm-local', 'npm-remote'])
    expect(virtual.defaultDeploymentRepo).toBe('npm-local')
    expect(
      valid(emptyRepositoryForm('virtual', { key: 'v', members: ['npm-local'] })).defaultDeploymentRepo,
    ).toBe(null)
  })

  it('a deployment member must be one of the members, and local', () => {
    expect(
      problems(
        emptyRepositoryForm('virtual', {
          key: 'v',
          members: ['npm-remote'],
          defaultDeploymentRepo: 'npm-local',
        }),
      ),
    ).toEqual({ defaultDeploymentRepo: { key: 'defaultDeploymentNotLocal' } })
    expect(problems(emptyRepositoryForm('virtual', { key: 'v', members: ['nowhere'] }))).toEqual({
      members: { key: 'memberTypeDiffers' },
    })
  })

  it('a remote URL must be http or https with a host', () => {
    for (const url of ['http://mirror.example/npm', 'https://mirror.example'])
      expect(problems(emptyRepositoryForm('remote', { key: 'r', url }))).toEqual({})
    for (const url of ['mirror.example', 'file:///etc/passwd', 'https://', 'javascript:alert(1)'])
      expect(problems(emptyRepositoryForm('remote', { key: 'r', url })), url).toEqual({
        url: { key: 'invalidUrl' },
      })
    expect(problems(emptyRepositoryForm('remote', { key: 'r', url: '   ' }))).toEqual({
      url: { key: 'mandatory' },
    })
  })

  it('reports every field’s problem at once', () => {
    expect(problems(emptyRepositoryForm('virtual', { key: '', packageType: 'cobol' }))).toEqual({
      key: { key: 'mandatory' },
      packageType: { key: 'choosePackageType' },
      members: { key: 'membersNeeded' },
    })
  })
})

describe('what can be created', () => {
  it('offers these package types, by canonical name or alias, and no other', () => {
    const offered = [
      'alpine',
      'cargo',
      'chef',
      'cocoapods',
      'composer',
      'conan',
      'conda',
      'cran',
      'debian',
      'docker',
      'gems',
      'generic',
      'gitlfs',
      'go',
      'gradle',
      'helm',
      'huggingfacemlmodel',
      'ivy',
      'maven',
      'npm',
      'nuget',
      'opkg',
      'pub',
      'puppet',
      'pypi',
      'rpm',
      'sbt',
      'swift',
      'terraform',
      'vagrant',
    ]
    expect([...REPOSITORY_PACKAGE_TYPES]).toEqual(offered)
    for (const t of offered) expect(isRepositoryPackageType(t), t).toBe(true)
    expect(isRepositoryPackageType('Docker')).toBe(true)
    expect(isRepositoryPackageType('cobol')).toBe(false)
    expect(SERVED_PACKAGE_TYPES).toEqual(['npm', 'generic'])
    expect(REPOSITORY_KINDS).toEqual(['local', 'remote', 'virtual'])
  })

  it('Quick Repository Creation names type-local, type-remote and the virtual type, from any spelling', () => {
    expect(quickRepositoryKeys(' NPM ')).toEqual({ local: 'npm-local', remote: 'npm-remote', virtual: 'npm' })
  })

  it('each quick remote has an https upstream, and the common types have theirs', () => {
    for (const t of ['npm', 'pypi', 'maven', 'docker', 'go', 'helm', 'debian'])
      expect(new URL(QUICK_REMOTE_URLS[t]!).protocol, t).toBe('https:')
    // No public upstream: no made-up one.
    for (const t of ['generic', 'alpine']) expect(QUICK_REMOTE_URLS[t], t).toBeUndefined()
    expect(QUICK_REMOTE_URLS.npm).toBe('https://registry.npmjs.org')
    expect(QUICK_REMOTE_URLS.docker).toBe('https://registry-1.docker.io')
  })

  it('a blank form opens as npm with nothing typed', () => {
    expect(emptyRepositoryForm('remote')).toEqual({
      key: '',
      kind: 'remote',
      packageType: 'npm',
      description: '',
      includesPattern: '',
      excludesPattern: '',
      url: '',
      members: [],
      defaultDeploymentRepo: '',
    })
  })
})

describe('edges of the key and member rules', () => {
  it('a key of spaces is missing, not malformed; 64 characters are allowed', () => {
    expect(problems(emptyRepositoryForm('local', { key: '   ' }))).toEqual({ key: { key: 'mandatory' } })
    expect(problems(emptyRepositoryForm('local', { key: 'k'.repeat(64) }))).toEqual({})
  })

  it('an unknown repository as member and deployment target is refused on both, not a crash', () => {
    expect(
      problems(
        emptyRepositoryForm('virtual', { key: 'v', members: ['nowhere'], defaultDeploymentRepo: 'nowhere' }),
      ),
    ).toEqual({
      members: { key: 'memberTypeDiffers' },
      defaultDeploymentRepo: { key: 'defaultDeploymentNotLocal' },
    })
  })
})
