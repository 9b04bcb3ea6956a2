// The artifact tree's rules as the browser shows them: the rows a user sees for open and
// closed folders, where paging stops, the deploy targets and default path, the path rule the
// platform shares, and the address bar round trip.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  ancestorPaths,
  artifactPathProblem,
  defaultDeployPath,
  deployTargets,
  initialArtifactsState,
  locationOfRoute,
  nextOffset,
  nodeId,
  parentPath,
  progressWorthRecording,
  routeOfLocation,
  sameLocation,
  selectedChild,
  visibleRows,
  wantsMore,
  type ArtifactsState,
  type FolderChildren,
  type TreeChild,
  type TreeRepository,
} from '../../domain/artifacts'

const repo = (key: string, over: Partial<TreeRepository> = {}): TreeRepository => ({
  key,
  packageType: 'generic',
  kind: 'local',
  artifactCount: 1,
  defaultDeploymentRepo: null,
  ...over,
})
const file = (path: string): TreeChild => ({ name: path.split('/').pop()!, path, folder: false, size: 1 })
const dir = (path: string): TreeChild => ({ name: path.split('/').pop()!, path, folder: true, size: 0 })
const folder = (items: TreeChild[], over: Partial<FolderChildren> = {}): FolderChildren => ({
  items,
  total: items.length,
  pending: null,
  failure: null,
  ...over,
})
const failure: FolderChildren['failure'] = { kind: 'network', message: 'offline' }
const state = (over: Partial<ArtifactsState>): ArtifactsState => ({ ...initialArtifactsState, ...over })
const loadedRepos = (...keys: string[]) => ({ status: 'loaded' as const, data: keys.map((k) => repo(k)) })

/** What a reader of the tree sees: one line per row, indented by depth. */
const lines = (s: ArtifactsState) =>
  visibleRows(s).map((r) => {
    const pad = '  '.repeat(r.depth)
    if (r.kind === 'repository') return `${pad}${r.expanded ? 'v' : '>'} ${r.repository.key}`
    if (r.kind === 'node') return `${pad}${r.child.folder ? (r.expanded ? 'v ' : '> ') : ''}${r.child.name}`
    return `${pad}(${r.status})`
  })

describe('the tree as shown', () => {
  it('shows nothing before repositories load, and closed repositories as single rows', () => {
    expect(visibleRows(initialArtifactsState)).toEqual([])
    expect(lines(state({ repositories: loadedRepos('a', 'b') }))).toEqual(['> a', '> b'])
  })

  it('keeps the previous repositories on screen while they reload', () => {
    const s = state({
      repositories: { status: 'loading', requestId: 'r2', previous: [repo('a')] },
    })
    expect(lines(s)).toEqual(['> a'])
  })

  it('an open repository not loaded yet shows a loading row under it', () => {
    const s = state({ repositories: loadedRepos('a'), expanded: { [nodeId('a', '')]: true } })
    expect(visibleRows(s)).toEqual([
      { kind: 'repository', id: 'a/', depth: 0, repository: repo('a'), expanded: true },
      { kind: 'status', id: 'a/#loading', depth: 1, repoKey: 'a', path: '', status: 'loading' },
    ])
  })

  it('open folders show their children one level deeper; closed folders and files do not', () => {
    const s = state({
      repositories: loadedRepos('a', 'b'),
      expanded: { 'a/': true, 'a/docs': true, 'a/docs/old': true, 'a/readme': true },
      folders: {
        'a/': folder([dir('docs'), dir('src'), file('readme')]),
        'a/docs': folder([dir('docs/old'), file('docs/guide.md')]),
        'a/docs/old': folder([file('docs/old/v1.md')]),
        'a/src': folder([file('src/main.ts')]),
        'a/readme': folder([file('readme/never')]),
      },
    })
    expect(lines(s)).toEqual([
      'v a',
      '  v docs',
      '    v old',
      '      v1.md',
      '    guide.md',
      '  > src',
      '  readme',
      '> b',
    ])
    const rows = visibleRows(s)
    expect(rows.map((r) => r.id)).toEqual([
      'a/',
      'a/docs',
      'a/docs/old',
      'a/docs/old/v1.md',
      'a/docs/guide.md',
      'a/src',
      'a/readme',
      'b/',
    ])
    expect(rows.filter((r) => r.kind === 'node').map((r) => r.kind === 'node' && r.repoKey)).toEqual(
      Array(6).fill('a'),
    )
  })

  it("a folder's end row says loading, failed, empty or more, and nothing once all is loaded", () => {
    const at = (f: FolderChildren) =>
      lines(state({ repositories: loadedRepos('a'), expanded: { 'a/': true }, folders: { 'a/': f } }))
    expect(at(folder([file('x')], { pending: { requestId: 'p', offset: 1 }, total: 5 }))).toEqual([
      'v a',
      '  x',
      '  (loading)',
    ])
    expect(at(folder([file('x')], { failure, total: 5 }))).toEqual(['v a', '  x', '  (failed)'])
    expect(at(folder([]))).toEqual(['v a', '  (empty)'])
    expect(at(folder([file('x')], { total: 2 }))).toEqual(['v a', '  x', '  (more)'])
    expect(at(folder([file('x')]))).toEqual(['v a', '  x'])
    expect(at(folder([file('x')], { total: null }))).toEqual(['v a', '  x'])
    const more = visibleRows(
      state({
        repositories: loadedRepos('a'),
        expanded: { 'a/': true, 'a/d': true },
        folders: { 'a/': folder([dir('d')]), 'a/d': folder([file('d/x')], { total: 3 }) },
      }),
    ).at(-1)
    expect(more).toEqual({
      kind: 'status',
      id: 'a/d#more',
      depth: 2,
      repoKey: 'a',
      path: 'd',
      status: 'more',
    })
  })
})

describe('paging a folder', () => {
  it('wants more only when the count is known, more remain, and nothing is under way or failed', () => {
    expect(wantsMore(undefined)).toBe(false)
    expect(wantsMore(folder([file('a')], { total: 2 }))).toBe(true)
    expect(wantsMore(folder([file('a')], { total: 1 }))).toBe(false)
    expect(wantsMore(folder([file('a')], { total: null }))).toBe(false)
    expect(wantsMore(folder([file('a')], { total: 2, pending: { requestId: 'p', offset: 1 } }))).toBe(false)
    expect(wantsMore(folder([file('a')], { total: 2, failure }))).toBe(false)
  })

  it('the next page starts after what is loaded', () => {
    expect(nextOffset(undefined)).toBe(0)
    expect(nextOffset(folder([file('a'), file('b')], { total: 9 }))).toBe(2)
  })
})

describe('paths', () => {
  it('a path is in the folder before its last slash; the root has no ancestors', () => {
    expect(parentPath('a/b/c')).toBe('a/b')
    expect(parentPath('c')).toBe('')
    expect(ancestorPaths('')).toEqual([])
    expect(ancestorPaths('a')).toEqual([''])
    expect(ancestorPaths('a/b/c')).toEqual(['', 'a', 'a/b'])
  })

  it('the selected row is found in its parent folder; a root or unloaded one is not', () => {
    const s = state({ folders: { 'a/d': folder([file('d/x'), file('d/y')]), 'a/': folder([file('top')]) } })
    expect(selectedChild({ ...s, selected: { repoKey: 'a', path: 'd/y' } })).toEqual(file('d/y'))
    expect(selectedChild({ ...s, selected: { repoKey: 'a', path: 'top' } })).toEqual(file('top'))
    expect(selectedChild({ ...s, selected: { repoKey: 'a', path: '' } })).toBeUndefined()
    expect(selectedChild({ ...s, selected: null })).toBeUndefined()
    expect(selectedChild({ ...s, selected: { repoKey: 'a', path: 'e/x' } })).toBeUndefined()
    expect(selectedChild({ ...s, selected: { repoKey: 'b', path: 'd/y' } })).toBeUndefined()
  })

  it('two locations are the same only when both are there and repository and path agree', () => {
    const here = { repoKey: 'a', path: 'x' }
    expect(sameLocation(here, { repoKey: 'a', path: 'x' })).toBe(true)
    expect(sameLocation(here, { repoKey: 'b', path: 'x' })).toBe(false)
    expect(sameLocation(here, { repoKey: 'a', path: 'y' })).toBe(false)
    expect(sameLocation(null, here)).toBe(false)
    expect(sameLocation(here, null)).toBe(false)
    expect(sameLocation(null, null)).toBe(false)
  })

  it('the path rule: 1 to 1024 characters, no control characters or backslash, no empty . or .. segment', () => {
    const length = 'The path must have 1 to 1024 characters'
    const forbidden = 'The path contains a forbidden character'
    const segment = 'The path has an empty, . or .. segment'
    expect(artifactPathProblem('')).toBe(length)
    expect(artifactPathProblem('a'.repeat(1024))).toBeUndefined()
    expect(artifactPathProblem('a'.repeat(1025))).toBe(length)
    for (const bad of ['a\u0000b', 'a\nb', 'a\u001fb', 'a\u007fb', 'a\\b'])
      expect(artifactPathProblem(bad)).toBe(forbidden)
    expect(artifactPathProblem('a b/c~d.e')).toBeUndefined()
    for (const bad of ['/a', 'a/', 'a//b', './a', 'a/..', '.', '..'])
      expect(artifactPathProblem(bad)).toBe(segment)
    expect(artifactPathProblem('a/.b/..c/d.')).toBeUndefined()
  })
})

describe('deploying', () => {
  it('deploys to local repositories and to virtual ones with a default deployment repository, never npm', () => {
    const all = [
      repo('local'),
      repo('npm-local', { packageType: 'npm' }),
      repo('virtual-with', { kind: 'virtual', defaultDeploymentRepo: 'local' }),
      repo('virtual-without', { kind: 'virtual' }),
      repo('npm-virtual', { kind: 'virtual', packageType: 'npm', defaultDeploymentRepo: 'npm-local' }),
      repo('remote', { kind: 'remote', defaultDeploymentRepo: 'local' }),
    ]
    expect(deployTargets(all).map((r) => r.key)).toEqual(['local', 'virtual-with'])
  })

  it('the default path is the file name inside the selected folder, or beside the selected file', () => {
    expect(defaultDeployPath(null, false, 'f.bin')).toBe('f.bin')
    expect(defaultDeployPath({ repoKey: 'a', path: '' }, true, 'f.bin')).toBe('f.bin')
    expect(defaultDeployPath({ repoKey: 'a', path: 'd/e' }, true, 'f.bin')).toBe('d/e/f.bin')
    expect(defaultDeployPath({ repoKey: 'a', path: 'd/e' }, false, 'f.bin')).toBe('d/f.bin')
    expect(defaultDeployPath({ repoKey: 'a', path: 'top' }, false, 'f.bin')).toBe('f.bin')
  })

  it('upload progress is recorded at each twentieth and once at the end', () => {
    expect(progressWorthRecording(0, 0, 0)).toBe(false)
    expect(progressWorthRecording(0, 10, -1)).toBe(false)
    expect(progressWorthRecording(0, 4, 100)).toBe(false)
    expect(progressWorthRecording(0, 5, 100)).toBe(true)
    expect(progressWorthRecording(5, 9, 100)).toBe(false)
    expect(progressWorthRecording(5, 10, 100)).toBe(true)
    expect(progressWorthRecording(99, 100, 100)).toBe(true)
    expect(progressWorthRecording(100, 100, 100)).toBe(false)
    expect(progressWorthRecording(99, 120, 100)).toBe(true)
    // More sent than announced, after the end was recorded: nothing new to record.
    expect(progressWorthRecording(100, 120, 100)).toBe(false)
    // Over a whole upload in small chunks: 20 records, the last at the end.
    let last = 0
    const recorded: number[] = []
    for (let loaded = 1; loaded <= 1000; loaded += 1)
      if (progressWorthRecording(last, loaded, 1000)) recorded.push((last = loaded))
    expect(recorded).toEqual(Array.from({ length: 20 }, (_, i) => (i + 1) * 50))
  })
})

describe('the address bar', () => {
  it('reads the base and the location, decoding each segment (a malformed one kept as is)', () => {
    expect(locationOfRoute('/artifacts/browse')).toEqual({ base: '/artifacts/browse', at: null })
    expect(locationOfRoute('/artifacts/browse/')).toEqual({ base: '/artifacts/browse', at: null })
    expect(locationOfRoute('/repos/tree/General')).toEqual({ base: '/repos/tree/General', at: null })
    expect(locationOfRoute('/artifacts/browse/repo')).toEqual({
      base: '/artifacts/browse',
      at: { repoKey: 'repo', path: '' },
    })
    expect(locationOfRoute('/repos/tree/General/repo/a%20b/c%2Fd/%E0%A4%A')).toEqual({
      base: '/repos/tree/General',
      at: { repoKey: 'repo', path: 'a b/c/d/%E0%A4%A' },
    })
    // Another page's address gives the default base and no location.
    expect(locationOfRoute('/artifacts/browsed/x')).toEqual({ base: '/artifacts/browse', at: null })
    expect(locationOfRoute('/elsewhere')).toEqual({ base: '/artifacts/browse', at: null })
  })

  it('writes each segment encoded, under the base asked for', () => {
    expect(routeOfLocation({ repoKey: 'r', path: '' })).toBe('/artifacts/browse/r')
    expect(routeOfLocation({ repoKey: 'r', path: 'a b/c?' }, '/repos/tree/General')).toBe(
      '/repos/tree/General/r/a%20b/c%3F',
    )
  })

  it('a valid location survives the round trip through the address bar', () => {
    const segment = fc.string({ minLength: 1, maxLength: 6 }).filter((s) => !s.includes('/'))
    fc.assert(
      fc.property(
        segment,
        fc.array(segment, { maxLength: 4 }),
        fc.constantFrom('/artifacts/browse', '/repos/tree/General'),
        (repoKey, segments, base) => {
          const at = { repoKey, path: segments.join('/') }
          expect(locationOfRoute(routeOfLocation(at, base))).toEqual({ base, at })
        },
      ),
    )
  })
})
