/** Rules of the packages browser: what a download fetches, and old logs without file paths. */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  PREFETCH_ROWS,
  SEVERITY_LEVELS,
  appendVersions,
  downloadOf,
  versionPanelsOf,
  repoKeyAndPath,
  shownVulnerabilities,
  versionsPaging,
  wantsNextPage,
} from '../../domain/packages/rules'
import { VERSION_SPECIFIC_TYPES, isVersionSpecific, versionPathOf } from '../../domain/packageTypes'
import { MORE_PAGE_SIZE, PAGE_SIZE } from '../../domain/packages/types'
import { upcast } from '../../domain/log'
import { left, right } from 'fp-ts/Either'
import { CountLoaded, ListLoadFailed } from '../../domain/packages/events'
import { defaultPackageQuery } from '../../domain/packages/initial'
import { countAnswered } from '../../domain/packages/count'
import { makePackage, makeVersion } from '../support/fakePackagesApi'

describe('downloadOf', () => {
  it("downloads a file from the path the platform gave, not one derived from the lead file's", () => {
    expect(downloadOf('npm', { name: 'package.json', path: 'react/-/19.2.0/package.json' })).toEqual({
      name: 'package.json',
      path: 'react/-/19.2.0/package.json',
    })
  })

  it('a go module descriptor downloads as the module zip beside it (any spelling of go)', () => {
    const mod = { name: 'v1.2.3.mod', path: 'github.com/acme/lib/@v/v1.2.3.mod' }
    for (const type of ['go', 'Go', 'golang'])
      expect(downloadOf(type, mod)).toEqual({
        name: 'v1.2.3.zip',
        path: 'github.com/acme/lib/@v/v1.2.3.zip',
      })
    // Only go: a .mod of another type is what it says, and a go .info file stays as it is.
    expect(downloadOf('generic', mod)).toEqual(mod)
    const info = { name: 'v1.2.3.info', path: 'github.com/acme/lib/@v/v1.2.3.info' }
    expect(downloadOf('go', info)).toEqual(info)
  })

  it('offers no download when the path is unknown', () => {
    expect(downloadOf('npm', { name: 'a.tgz', path: '' })).toBeNull()
  })
})

describe('countAnswered', () => {
  const failure = { kind: 'network', message: 'reset' } as const
  const query = { ...defaultPackageQuery, name: 'react*' }
  it.each([
    ['a count, no search', null, right(42), CountLoaded({ requestId: 'r', count: 42 })],
    ['a count, a search', query, right(7), CountLoaded({ requestId: 'r', count: 7 })],
    ['no count, a search: unknown', query, left(failure), CountLoaded({ requestId: 'r', count: null })],
    [
      'no count, no search: the list failed',
      null,
      left(failure),
      ListLoadFailed({ requestId: 'r', failure, more: false }),
    ],
  ] as const)('%s', (_, q, answer, recorded) => {
    expect(countAnswered({ requestId: 'r', query: q, withCount: true }, answer)).toEqual(recorded)
  })
})

describe('versionPanelsOf', () => {
  const repo = (name: string, leadFilePath: string) => ({ name, type: 'local', leadFilePath })
  const npmRepo = [repo('npm-local', 'react/-/react-19.2.0.tgz')]
  const at = { repoKey: 'npm-local', path: 'react/-/react-19.2.0.tgz' }
  it.each([
    [
      'npm: readme, builds, dependencies and properties',
      'npm',
      npmRepo,
      { readmePath: at.path, builds: at, dockerLayers: null, npm: 'npm-local/react/-/react-19.2.0.tgz' },
    ],
    [
      'npm under another spelling is npm',
      'NPM',
      npmRepo,
      { readmePath: at.path, builds: at, dockerLayers: null, npm: 'npm-local/react/-/react-19.2.0.tgz' },
    ],
    [
      'docker: readme, builds and layers',
      'docker',
      [repo('docker-local', 'app/1.0/manifest.json')],
      {
        readmePath: 'app/1.0/manifest.json',
        builds: { repoKey: 'docker-local', path: 'app/1.0' },
        dockerLayers: { repoKey: 'docker-local', path: 'app/1.0' },
        npm: null,
      },
    ],
    [
      'maven: readme of the jar, builds of the version folder',
      'maven',
      [repo('libs', 'org/acme/lib/1.0/lib-1.0.jar')],
      {
        readmePath: 'org/acme/lib/1.0/lib-1.0.jar',
        builds: { repoKey: 'libs', path: 'org/acme/lib/1.0' },
        dockerLayers: null,
        npm: null,
      },
    ],
    [
      'gav is maven: its builds are the version folder, inside the repository',
      'gav',
      [repo('libs', 'libs/org/acme/lib/1.0/lib-1.0.pom')],
      {
        readmePath: 'libs/org/acme/lib/1.0/lib-1.0.pom',
        builds: { repoKey: 'libs', path: 'org/acme/lib/1.0' },
        dockerLayers: null,
        npm: null,
      },
    ],
    [
      'a lead path that starts with the repository key is taken inside it',
      'generic',
      [repo('files', '/files/a/b.zip')],
      {
        readmePath: '/files/a/b.zip',
        builds: { repoKey: 'files', path: 'a/b.zip' },
        dockerLayers: null,
        npm: null,
      },
    ],
    [
      'no repository: only the readme is asked, without a lead file',
      'npm',
      [],
      { readmePath: '', builds: null, dockerLayers: null, npm: null },
    ],
  ])('%s', (_name, type, repos, expected) => {
    expect(versionPanelsOf(type, repos)).toEqual(expected)
  })
})

describe('versionPathOf', () => {
  it.each([
    ['maven', 'org/acme/lib/1.0/lib-1.0.jar', 'org/acme/lib/1.0'],
    ['ivy', 'acme/lib/1.0/ivys/ivy-1.0.xml', 'acme/lib/1.0/ivys'],
    ['Gradle', 'org/acme/lib/1.0/lib-1.0.module', 'org/acme/lib/1.0'],
    ['docker', 'app/1.0/manifest.json', 'app/1.0'],
    ['conan', 'acme/lib/1.0/_/abc/export/conanfile.py', 'acme/lib/1.0/_/abc/export'],
    ['helmoci', 'charts/web/0.1.0/manifest.json', 'charts/web/0.1.0'],
    ['npm', 'react/-/react-19.2.0.tgz', 'react/-/react-19.2.0.tgz'],
    ['pypi', 'requests/2.0/requests-2.0.whl', 'requests/2.0/requests-2.0.whl'],
    ['go', 'example.com/m/@v/v1.0.0.mod', 'example.com/m/@v/v1.0.0.mod'],
    ['docker', 'manifest.json', 'manifest.json'],
  ])('%s: %s is named by %s', (type, lead, expected) => {
    expect(versionPathOf(type, lead)).toBe(expected)
  })

  it('the types the specification lists, and only those, are version-specific', () => {
    expect(VERSION_SPECIFIC_TYPES).toEqual(['maven', 'ivy', 'gradle', 'docker', 'conan', 'helmoci'])
    expect(['GAV', ' Docker ', 'npm', 'helm', 'generic'].map(isVersionSpecific)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ])
  })
})

describe('logs written before files had a path', () => {
  const pkg = makePackage('react')
  const { path: _path, ...oldFile } = makeVersion(pkg, '1.0.0').files[0]!
  const oldVersion = { ...makeVersion(pkg, '1.0.0'), files: [oldFile] }

  it('replay with an unknown path for every file', () => {
    const lifted = upcast('packages/PackageLoaded', 1, {
      requestId: 'r',
      pkg,
      versions: [oldVersion],
      hasNextPage: false,
      endCursor: null,
    })
    expect(lifted.ok && (lifted.data as { versions: (typeof oldVersion)[] }).versions[0]!.files).toEqual([
      { ...oldFile, path: '' },
    ])
    const v1 = upcast('packages/VersionLoaded', 1, { requestId: 'r', pkg, version: oldVersion, versions: [] })
    expect(v1.ok && v1.data).toMatchObject({
      hasNextPage: false,
      endCursor: null,
      version: { files: [{ ...oldFile, path: '' }] },
    })
    const page = upcast('packages/VersionsPageLoaded', 1, {
      requestId: 'r',
      items: [oldVersion],
      hasNextPage: false,
      endCursor: null,
    })
    expect(page.ok && page.data).toMatchObject({ items: [{ files: [{ ...oldFile, path: '' }] }] })
  })
})

describe('wantsNextPage', () => {
  const list = { hasNextPage: true, more: 'idle', rowCount: 1000 } as const
  it("asks for the next page once the last row on screen is within a further page's worth of the end", () => {
    expect(PREFETCH_ROWS).toBe(300)
    expect(wantsNextPage(list, 699)).toBe(false)
    expect(wantsNextPage(list, 700)).toBe(true)
    expect(wantsNextPage(list, 999)).toBe(true)
  })
  it('asks no further ahead than half of what is loaded: the first page waits for a scroll', () => {
    const first = { ...list, rowCount: PAGE_SIZE }
    // The first screen of a cold load (about 20 rows) does not ask for a second page.
    expect(wantsNextPage(first, 20)).toBe(false)
    expect(wantsNextPage(first, PAGE_SIZE / 2 - 1)).toBe(false)
    expect(wantsNextPage(first, PAGE_SIZE / 2)).toBe(true)
    const two = { ...list, rowCount: PAGE_SIZE + MORE_PAGE_SIZE }
    expect(wantsNextPage(two, (PAGE_SIZE + MORE_PAGE_SIZE) / 2 - 1)).toBe(false)
    expect(wantsNextPage(two, (PAGE_SIZE + MORE_PAGE_SIZE) / 2)).toBe(true)
  })
  it('never while a page is on its way, after the last page, or after a failed page (that waits for Retry)', () => {
    // At the last row loaded, where an idle list with more to load asks.
    expect(wantsNextPage(list, 999)).toBe(true)
    expect(wantsNextPage({ ...list, more: 'loading' }, 999)).toBe(false)
    expect(wantsNextPage({ ...list, hasNextPage: false }, 999)).toBe(false)
    expect(wantsNextPage({ ...list, more: 'failed' }, 999)).toBe(false)
  })
})

describe('repoKeyAndPath', () => {
  const repo = (name: string, leadFilePath: string) => ({ name, type: 'local', leadFilePath })
  it.each([
    // [repository, lead file path as the platform gave it, path inside the repository]
    ['npm-local', 'react/-/react-19.2.0.tgz', 'react/-/react-19.2.0.tgz'],
    ['npm-local', '/react/-/react-19.2.0.tgz', 'react/-/react-19.2.0.tgz'],
    ['npm-local', '///react/-/react-19.2.0.tgz', 'react/-/react-19.2.0.tgz'],
    ['npm-local', 'npm-local/react/-/react-19.2.0.tgz', 'react/-/react-19.2.0.tgz'],
    ['npm-local', '/npm-local/react/-/react-19.2.0.tgz', 'react/-/react-19.2.0.tgz'],
    // A leading segment that only starts like the key, or the key later in the path, stays.
    ['npm', 'npm-local/react.tgz', 'npm-local/react.tgz'],
    ['npm-local', 'npm-localx/react.tgz', 'npm-localx/react.tgz'],
    ['lib', 'a/lib/lib', 'a/lib/lib'],
    // Slashes inside the path are kept; only leading ones go.
    ['generic', 'dir//file/', 'dir//file/'],
    ['generic', 'file', 'file'],
  ])('%s + %s → %s', (name, leadFilePath, path) => {
    expect(repoKeyAndPath(repo(name, leadFilePath))).toEqual({ repoKey: name, path })
  })
})

describe('downloadOf, go module paths', () => {
  it('turns only a trailing .mod into .zip, in the name and in the path separately', () => {
    // The path of a .mod descriptor that does not itself end in .mod keeps its ending.
    expect(downloadOf('go', { name: 'v1.mod', path: 'x/@v/v1.mod.sig' })).toEqual({
      name: 'v1.zip',
      path: 'x/@v/v1.mod.sig',
    })
    expect(downloadOf('go', { name: 'a.mod', path: 'a.mod.d/b.mod' })).toEqual({
      name: 'a.zip',
      path: 'a.mod.d/b.zip',
    })
    // A name with .mod in the middle is not a descriptor.
    const notMod = { name: 'v1.mod.info', path: 'x/@v/v1.mod.info' }
    expect(downloadOf('go', notMod)).toEqual(notMod)
    // Whether a file is the descriptor is read from its name, not its path.
    const sum = { name: 'go.sum', path: 'x/@v/list.mod' }
    expect(downloadOf('go', sum)).toEqual(sum)
    expect(downloadOf('golang', { name: '.mod', path: '.mod' })).toEqual({ name: '.zip', path: '.zip' })
  })
  it('a go file with an unknown path has no download either', () => {
    expect(downloadOf('go', { name: 'v1.mod', path: '' })).toBeNull()
    expect(downloadOf('npm', { name: '', path: 'a' })).toEqual({ name: '', path: 'a' })
  })
})

describe('shownVulnerabilities', () => {
  const none = { critical: 0, high: 0, medium: 0, low: 0, info: 0, unknown: 0, skipped: 0 }
  it('lists every level, most severe first, when each has a count', () => {
    const all = { critical: 1, high: 2, medium: 3, low: 4, info: 5, unknown: 6, skipped: 7 }
    expect(shownVulnerabilities(all)).toEqual([
      { level: 'critical', count: 1 },
      { level: 'high', count: 2 },
      { level: 'medium', count: 3 },
      { level: 'low', count: 4 },
      { level: 'info', count: 5 },
      { level: 'unknown', count: 6 },
      { level: 'skipped', count: 7 },
    ])
    expect(SEVERITY_LEVELS).toEqual(['critical', 'high', 'medium', 'low', 'info', 'unknown', 'skipped'])
  })
  it('drops the levels at zero and shows nothing for a clean version', () => {
    expect(shownVulnerabilities(none)).toEqual([])
    expect(shownVulnerabilities({ ...none, high: 1, skipped: 12 })).toEqual([
      { level: 'high', count: 1 },
      { level: 'skipped', count: 12 },
    ])
  })
  it('keeps the platform order whatever order the counts came in (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 3 }), { minLength: 7, maxLength: 7 }), (counts) => {
        const v = Object.fromEntries(SEVERITY_LEVELS.map((l, i) => [l, counts[i]!])) as typeof none
        const shown = shownVulnerabilities(v)
        expect(shown.map((s) => s.level)).toEqual(SEVERITY_LEVELS.filter((l) => v[l] > 0))
        for (const s of shown) expect(s.count).toBe(v[s.level])
      }),
    )
  })
})

describe('appendVersions', () => {
  const pkg = makePackage('paged')
  const v = (n: number) => makeVersion(pkg, `1.0.${n}`)
  it('appends a page in its order, after what is shown', () => {
    expect(appendVersions([v(1)], [v(3), v(2)]).map((x) => x.id)).toEqual([v(1).id, v(3).id, v(2).id])
    expect(appendVersions([], [v(2), v(1)]).map((x) => x.id)).toEqual([v(2).id, v(1).id])
  })
  it('leaves out versions already shown and versions repeated within the page', () => {
    expect(appendVersions([v(1), v(2)], [v(2), v(3), v(3), v(1), v(4)]).map((x) => x.id)).toEqual(
      [1, 2, 3, 4].map((n) => v(n).id),
    )
  })
  it('returns the very list shown when nothing is new (so a view keyed on it does not render again)', () => {
    const shown = [v(1), v(2)]
    expect(appendVersions(shown, [])).toBe(shown)
    expect(appendVersions(shown, [v(2), v(1)])).toBe(shown)
    expect(appendVersions(shown, [v(3)])).not.toBe(shown)
  })
})

describe('versionsPaging', () => {
  const react = makePackage('react')
  const versions = [makeVersion(react, '18.2.0'), makeVersion(react, '17.0.2')]
  const failure = { kind: 'network', message: 'down' } as const
  const paging = (over: Partial<Parameters<typeof versionsPaging>[0]>, total = 250) =>
    versionsPaging({ versions, hasNextPage: true, more: { status: 'idle' }, ...over }, total)
  it.each([
    ['more to load', {}, { shown: 2, of: 250, next: 'offered' }],
    [
      'a page on its way',
      { more: { status: 'loading', requestId: 'r' } },
      { shown: 2, of: 250, next: 'loading' },
    ],
    ['a failed page', { more: { status: 'failed', failure } }, { shown: 2, of: 250, next: 'retry' }],
    ['all shown', { hasNextPage: false }, { shown: 2, of: null, next: 'none' }],
  ] as const)('%s', (_, over, expected) => {
    expect(paging(over)).toEqual(expected)
  })

  it('never says fewer exist than are shown (a version published since the count)', () => {
    expect(paging({}, 1).of).toBe(2)
  })
})
