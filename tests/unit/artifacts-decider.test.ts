// Given events, when a command, then events: the artifact tree's lazy loading and paging, the
// deep link, the file information and the deploy dialog (domain/artifacts).
import { describe, expect, it } from 'vitest'
import { appSlice, type AppEvent } from '../../domain/app'
import { artifactsArea } from '../../domain/artifacts/decider'
import * as A from '../../domain/artifacts/events'
import {
  TREE_PAGE_SIZE,
  visibleRows,
  progressWorthRecording,
  locationOfRoute,
  routeOfLocation,
} from '../../domain/artifacts/rules'
import type { TreeChild } from '../../domain/artifacts/types'
import { SignedOut } from '../../domain/session/events'
import { evolve, foldEvents, spec, specMeta } from '../support/decider'

const repos = [
  A.RepositoriesRequested({ requestId: 'r1' }),
  A.RepositoriesLoaded({
    requestId: 'r1',
    repositories: [
      {
        key: 'generic-local',
        packageType: 'generic',
        kind: 'local',
        artifactCount: 3,
        defaultDeploymentRepo: null,
      },
      { key: 'npm-local', packageType: 'npm', kind: 'local', artifactCount: 9, defaultDeploymentRepo: null },
    ],
  }),
]
const file = (path: string, size = 10): TreeChild => ({
  name: path.split('/').pop()!,
  path,
  folder: false,
  size,
})
const dir = (path: string): TreeChild => ({ name: path.split('/').pop()!, path, folder: true, size: 0 })
const files = (from: number, n: number, prefix = 'big/') =>
  Array.from({ length: n }, (_, i) => file(`${prefix}f${String(from + i).padStart(5, '0')}`))

const request = (path: string, requestId: string, offset = 0) =>
  A.ChildrenRequested({ repoKey: 'generic-local', path, requestId, offset, limit: TREE_PAGE_SIZE })
const loaded = (path: string, requestId: string, children: TreeChild[], total: number, offset = 0) =>
  A.ChildrenLoaded({ repoKey: 'generic-local', path, requestId, offset, children, total })
const opened = (path: string) => A.Expanded({ repoKey: 'generic-local', path })
const at = (path: string) => ({ repoKey: 'generic-local', path })

const rootOpen = [
  ...repos,
  opened(''),
  request('', 'c1'),
  loaded('', 'c1', [dir('big'), dir('tools'), file('readme.txt')], 3),
]

describe('artifacts: lazy loading', () => {
  it('opening a repository asks for the first page of its root, once', () => {
    spec(appSlice(artifactsArea))
      .given(...repos)
      .when({ type: 'artifacts/Toggle', ...at('') })
      .then(opened(''), request('', specMeta.id))
  })

  it('opening a folder again after closing it shows what was loaded without asking again', () => {
    const closed = [
      ...rootOpen,
      opened('tools'),
      request('tools', 't1'),
      loaded('tools', 't1', [file('tools/x')], 1),
    ]
    spec(appSlice(artifactsArea))
      .given(...closed, A.Collapsed(at('tools')))
      .when({ type: 'artifacts/Toggle', ...at('tools') })
      .then(opened('tools'))
  })

  it('a folder whose first page is under way is not asked for twice', () => {
    spec(appSlice(artifactsArea))
      .given(...rootOpen, opened('tools'), request('tools', 't1'), A.Collapsed(at('tools')))
      .when({ type: 'artifacts/Toggle', ...at('tools') })
      .then(opened('tools'))
  })

  it('closing an open folder is only that', () => {
    spec(appSlice(artifactsArea))
      .given(...rootOpen)
      .when({ type: 'artifacts/Toggle', ...at('') })
      .then(A.Collapsed(at('')))
  })

  it('the rows show a loading row while a folder loads, and its children once loaded', () => {
    const loading = foldEvents([...repos, opened(''), request('', 'c1')])
    expect(visibleRows(loading.artifacts).map((r) => (r.kind === 'status' ? r.status : r.id))).toEqual([
      'generic-local/',
      'loading',
      'npm-local/',
    ])
    const shown = foldEvents(rootOpen)
    expect(visibleRows(shown.artifacts).map((r) => r.id)).toEqual([
      'generic-local/',
      'generic-local/big',
      'generic-local/tools',
      'generic-local/readme.txt',
      'npm-local/',
    ])
  })

  it('an empty folder says so, and a failed one offers a retry that asks for it again', () => {
    const empty = foldEvents([
      ...rootOpen,
      opened('tools'),
      request('tools', 't1'),
      loaded('tools', 't1', [], 0),
    ])
    expect(visibleRows(empty.artifacts).find((r) => r.kind === 'status')).toMatchObject({
      status: 'empty',
      path: 'tools',
    })
    const failed = [
      ...rootOpen,
      opened('tools'),
      request('tools', 't1'),
      A.ChildrenFailed({ ...at('tools'), requestId: 't1', failure: { kind: 'network', message: 'x' } }),
    ]
    expect(visibleRows(foldEvents(failed).artifacts).find((r) => r.kind === 'status')).toMatchObject({
      status: 'failed',
    })
    spec(appSlice(artifactsArea))
      .given(...failed)
      .when({ type: 'artifacts/LoadMore', ...at('tools') })
      .then(request('tools', specMeta.id, 0))
  })
})

describe('artifacts: paging a large folder', () => {
  const firstPage = [
    ...rootOpen,
    opened('big'),
    request('big', 'b1'),
    loaded('big', 'b1', files(0, TREE_PAGE_SIZE), 10_000),
  ]

  it('a folder with more children than a page ends in a "more" row', () => {
    const rows = visibleRows(foldEvents(firstPage).artifacts)
    expect(rows.filter((r) => r.kind === 'node' && r.child.path.startsWith('big/'))).toHaveLength(
      TREE_PAGE_SIZE,
    )
    expect(rows.find((r) => r.kind === 'status')).toMatchObject({ status: 'more', path: 'big' })
  })

  it('the next page starts where the loaded children end', () => {
    spec(appSlice(artifactsArea))
      .given(...firstPage)
      .when({ type: 'artifacts/LoadMore', ...at('big') })
      .then(request('big', specMeta.id, TREE_PAGE_SIZE))
  })

  it('no second request while a page is under way, none when everything is loaded', () => {
    spec(appSlice(artifactsArea))
      .given(...firstPage, request('big', 'b2', TREE_PAGE_SIZE))
      .when({ type: 'artifacts/LoadMore', ...at('big') })
      .nothing()
    spec(appSlice(artifactsArea))
      .given(
        ...rootOpen,
        opened('tools'),
        request('tools', 't1'),
        loaded('tools', 't1', [file('tools/a')], 1),
      )
      .when({ type: 'artifacts/LoadMore', ...at('tools') })
      .nothing()
  })

  it('pages are appended in order; an answer to an older request is ignored', () => {
    const second = foldEvents([
      ...firstPage,
      request('big', 'b2', TREE_PAGE_SIZE),
      loaded('big', 'old', files(900, 5), 10_000, TREE_PAGE_SIZE),
    ])
    expect(second.artifacts.folders['generic-local/big']).toMatchObject({ pending: { requestId: 'b2' } })
    const appended = evolve(
      second,
      loaded('big', 'b2', files(TREE_PAGE_SIZE, TREE_PAGE_SIZE), 10_000, TREE_PAGE_SIZE),
    )
    const items = appended.artifacts.folders['generic-local/big']!.items
    expect(items).toHaveLength(2 * TREE_PAGE_SIZE)
    expect(items.map((c) => c.path)).toEqual(files(0, 2 * TREE_PAGE_SIZE).map((c) => c.path))
  })

  it('a refresh starts the folder over from its first page, keeping the rows shown until it answers', () => {
    const refreshing = foldEvents([...firstPage, request('big', 'b9', 0)])
    expect(refreshing.artifacts.folders['generic-local/big']!.items).toHaveLength(TREE_PAGE_SIZE)
    const refreshed = evolve(refreshing, loaded('big', 'b9', files(0, 3), 3))
    expect(refreshed.artifacts.folders['generic-local/big']).toMatchObject({ total: 3, pending: null })
    expect(refreshed.artifacts.folders['generic-local/big']!.items).toHaveLength(3)
  })
})

describe('artifacts: the address bar', () => {
  it('a deep link opens every folder above the path, asks for each, and selects it', () => {
    spec(appSlice(artifactsArea))
      .given(...repos)
      .when({ type: 'artifacts/Open', ...at('tools/linux/app.tgz') })
      .then(
        opened(''),
        request('', `${specMeta.id}.0`),
        opened('tools'),
        request('tools', `${specMeta.id}.1`),
        opened('tools/linux'),
        request('tools/linux', `${specMeta.id}.2`),
        A.Selected(at('tools/linux/app.tgz')),
      )
  })

  it('the same location again changes nothing (the tree already selected it)', () => {
    spec(appSlice(artifactsArea))
      .given(...rootOpen, A.Selected(at('readme.txt')))
      .when({ type: 'artifacts/Open', ...at('readme.txt') })
      .nothing()
  })

  it('once its folder loads, a selected file gets its information, a selected folder opens', () => {
    const policies = appSlice(artifactsArea).policies!
    const pending = [...repos, opened(''), request('', 'c1'), A.Selected(at('readme.txt'))]
    const event = loaded('', 'c1', [dir('tools'), file('readme.txt')], 2)
    const state = foldEvents([...pending, event])
    expect(policies({ seq: 1, at: '', source: 'effect', corr: 'c', event }, state)).toEqual([
      { type: 'artifacts/LoadInfo', ...at('readme.txt') },
    ])
    const folderState = foldEvents([...repos, opened(''), request('', 'c1'), A.Selected(at('tools')), event])
    expect(policies({ seq: 1, at: '', source: 'effect', corr: 'c', event }, folderState)).toEqual([
      { type: 'artifacts/Toggle', ...at('tools') },
    ])
  })

  it('a selected file beyond the loaded pages pages on until it shows', () => {
    const policies = appSlice(artifactsArea).policies!
    const event = loaded('big', 'b1', files(0, TREE_PAGE_SIZE), 10_000)
    const state = foldEvents([
      ...rootOpen,
      opened('big'),
      request('big', 'b1'),
      A.Selected(at('big/f09000')),
      event,
    ])
    expect(policies({ seq: 1, at: '', source: 'effect', corr: 'c', event }, state)).toEqual([
      { type: 'artifacts/LoadMore', ...at('big') },
    ])
  })

  it('paths round-trip through the address, under either base', () => {
    for (const base of ['/artifacts/browse', '/repos/tree/General'])
      for (const path of ['', 'a', 'a b/c#d/ü.txt']) {
        const loc = { repoKey: 'generic-local', path }
        expect(locationOfRoute(routeOfLocation(loc, base))).toEqual({ base, at: loc })
      }
    expect(locationOfRoute('/artifacts/browse')).toEqual({ base: '/artifacts/browse', at: null })
  })
})

describe('artifacts: file information and deploy', () => {
  it('selecting a file asks for its information; an older answer is ignored', () => {
    spec(appSlice(artifactsArea))
      .given(...rootOpen)
      .when({ type: 'artifacts/Select', ...at('readme.txt'), folder: false })
      .then(A.Selected(at('readme.txt')), A.InfoRequested({ ...at('readme.txt'), requestId: specMeta.id }))
    const s = foldEvents([
      ...rootOpen,
      A.InfoRequested({ ...at('a'), requestId: 'i1' }),
      A.InfoRequested({ ...at('b'), requestId: 'i2' }),
      A.InfoFailed({ ...at('a'), requestId: 'i1', failure: { kind: 'network', message: 'x' } }),
    ])
    expect(s.artifacts.info).toMatchObject({ status: 'loading', requestId: 'i2' })
  })

  it('a deploy to a bad path is refused; a good one starts, and a second waits for it', () => {
    const deploy = {
      type: 'artifacts/Deploy',
      repoKey: 'generic-local',
      fileRef: 'f',
      fileName: 'x',
      size: 5,
    } as const
    spec(appSlice(artifactsArea))
      .given(...repos)
      .when({ ...deploy, path: 'a/../b' })
      .rejected(/segment/)
    spec(appSlice(artifactsArea))
      .given(...repos)
      .when({ ...deploy, path: 'a/x' })
      .then(A.DeployRequested({ ...at('a/x'), requestId: specMeta.id, fileRef: 'f', fileName: 'x', size: 5 }))
    spec(appSlice(artifactsArea))
      .given(
        ...repos,
        A.DeployRequested({ ...at('a/x'), requestId: 'd1', fileRef: 'f', fileName: 'x', size: 5 }),
      )
      .when({ ...deploy, path: 'a/y' })
      .rejected(/under way/)
  })

  it('progress is recorded in twentieths and at the end, and a deployed file refreshes its folder and is selected', () => {
    expect(progressWorthRecording(0, 10, 1000)).toBe(false)
    expect(progressWorthRecording(0, 50, 1000)).toBe(true)
    expect(progressWorthRecording(50, 60, 1000)).toBe(false)
    expect(progressWorthRecording(990, 1000, 1000)).toBe(true)
    expect(progressWorthRecording(1000, 1000, 1000)).toBe(false)
    const event: AppEvent = A.Deployed({ ...at('tools/new.bin'), requestId: 'd1', sha256: 'ab', size: 5 })
    expect(
      appSlice(artifactsArea).policies!(
        { seq: 1, at: '', source: 'effect', corr: 'c', event },
        foldEvents(rootOpen),
      ).slice(0, 2),
      // Only the root is loaded: 'tools' is not, so Open asks for it.
    ).toEqual([
      { type: 'artifacts/Refresh', ...at('') },
      { type: 'artifacts/Open', ...at('tools/new.bin') },
    ])
  })

  it('signing out forgets the tree', () => {
    expect(foldEvents([...rootOpen, SignedOut({ reason: 'user' })]).artifacts.folders).toEqual({})
  })
})

describe('artifacts: a deep link below a large folder', () => {
  it('the folders above page on until the next folder on the way shows', () => {
    const policies = appSlice(artifactsArea).policies!
    const event = loaded('', 'c1', files(0, TREE_PAGE_SIZE, ''), 5000)
    const state = foldEvents([
      ...repos,
      opened(''),
      request('', 'c1'),
      A.Selected(at('zz/yy/file.txt')),
      event,
    ])
    expect(policies({ seq: 1, at: '', source: 'effect', corr: 'c', event }, state)).toEqual([
      { type: 'artifacts/LoadMore', ...at('') },
    ])
    const shown = loaded('', 'c1', [dir('zz')], 1)
    const found = foldEvents([
      ...repos,
      opened(''),
      request('', 'c1'),
      A.Selected(at('zz/yy/file.txt')),
      shown,
    ])
    expect(policies({ seq: 1, at: '', source: 'effect', corr: 'c', event: shown }, found)).toEqual([])
  })
})

describe('artifacts: deleting a file', () => {
  const del = (path: string) => ({ type: 'artifacts/Delete', repoKey: 'generic-local', path }) as const
  const selectedFile = [
    ...rootOpen,
    opened('tools'),
    request('tools', 'c2'),
    loaded('tools', 'c2', [file('tools/a.bin'), file('tools/b.bin')], 2),
    A.Selected(at('tools/a.bin')),
    A.InfoRequested({ ...at('tools/a.bin'), requestId: 'i1' }),
  ]

  it('asks for the deletion of a path, one at a time, never of a repository or a bad path', () => {
    spec(appSlice(artifactsArea))
      .given(...selectedFile)
      .when(del('tools/a.bin'))
      .then(A.DeleteRequested({ ...at('tools/a.bin'), requestId: specMeta.id }))
    spec(appSlice(artifactsArea))
      .given(...selectedFile, A.DeleteRequested({ ...at('tools/a.bin'), requestId: 'x1' }))
      .when(del('tools/b.bin'))
      .rejected(/under way/)
    spec(appSlice(artifactsArea))
      .given(...repos)
      .when(del(''))
      .rejected(/Repositories page/)
    spec(appSlice(artifactsArea))
      .given(...repos)
      .when(del('a/../b'))
      .rejected(/segment/)
  })

  it("asks for the deletion of an image tag's manifest only from its manifest.json, one at a time", () => {
    const delManifest = (path: string) =>
      ({ type: 'artifacts/DeleteImageManifest', repoKey: 'generic-local', path }) as const
    spec(appSlice(artifactsArea))
      .given(...selectedFile)
      .when(delManifest('app/1.0/manifest.json'))
      .then(A.ImageManifestDeleteRequested({ ...at('app/1.0/manifest.json'), requestId: specMeta.id }))
    spec(appSlice(artifactsArea))
      .given(...selectedFile)
      .when(delManifest('org/app/1.0/manifest.json'))
      .then(A.ImageManifestDeleteRequested({ ...at('org/app/1.0/manifest.json'), requestId: specMeta.id }))
    for (const path of [
      '1.0/manifest.json',
      'app/1.0/config.json',
      'manifest.json',
      'app/../1.0/manifest.json',
    ])
      spec(appSlice(artifactsArea))
        .given(...selectedFile)
        .when(delManifest(path))
        .rejected(/manifest\.json of an image tag|segment/)
    spec(appSlice(artifactsArea))
      .given(...selectedFile, A.DeleteRequested({ ...at('tools/a.bin'), requestId: 'x1' }))
      .when(delManifest('app/1.0/manifest.json'))
      .rejected(/under way/)
    const deleting = foldEvents([
      ...selectedFile,
      A.ImageManifestDeleteRequested({ ...at('tools/a.bin'), requestId: 'x2' }),
    ]).artifacts
    expect(deleting.deletion).toEqual({ status: 'deleting', requestId: 'x2', at: at('tools/a.bin') })
  })

  it('a deleted file leaves its folder, which is selected, and its information goes', () => {
    const s = foldEvents([
      ...selectedFile,
      A.DeleteRequested({ ...at('tools/a.bin'), requestId: 'x1' }),
      A.Deleted({ ...at('tools/a.bin'), requestId: 'x1' }),
    ]).artifacts
    expect(s.deletion).toBeUndefined()
    expect(s.folders['generic-local/tools']?.items.map((c) => c.path)).toEqual(['tools/b.bin'])
    expect(s.folders['generic-local/tools']?.total).toBe(1)
    // The selection went to the repository's root, however deep the file was.
    expect(s.selected).toEqual(at('tools'))
    expect(s.info).toEqual({ status: 'idle' })
  })

  it('selects the nearest folder above that the deletion does not empty, else the repository', () => {
    const deleted = (events: AppEvent[], path: string) =>
      foldEvents([
        ...events,
        A.Selected(at(path)),
        A.DeleteRequested({ ...at(path), requestId: 'x1' }),
        A.Deleted({ ...at(path), requestId: 'x1' }),
      ]).artifacts.selected
    // An npm package's last version: its '-' folder and the package's folder go with it.
    const oneVersion = [
      ...rootOpen,
      opened('big'),
      request('big', 'c2'),
      loaded('big', 'c2', [dir('big/pkg'), file('big/other.txt')], 2),
      opened('big/pkg'),
      request('big/pkg', 'c3'),
      loaded('big/pkg', 'c3', [dir('big/pkg/-')], 1),
      opened('big/pkg/-'),
      request('big/pkg/-', 'c4'),
      loaded('big/pkg/-', 'c4', [file('big/pkg/-/pkg-1.0.0.tgz')], 1),
    ]
    expect(deleted(oneVersion, 'big/pkg/-/pkg-1.0.0.tgz')).toEqual(at('big'))
    // As the platform lists it: the version's unpacked files in a folder beside its tarball,
    // which go with it (e2e npmLoop selected the emptied '-' folder).
    const tarball = 'big/pkg/-/pkg-1.0.0.tgz'
    const besideIt = [
      ...oneVersion.slice(0, -1),
      loaded('big/pkg/-', 'c4', [file(tarball), dir('big/pkg/-/1.0.0')], 2),
      A.Selected(at(tarball)),
      A.InfoRequested({ ...at(tarball), requestId: 'i1' }),
      A.InfoLoaded({
        requestId: 'i1',
        info: {
          ...at(tarball),
          name: 'pkg-1.0.0.tgz',
          size: 12,
          mimeType: 'application/gzip',
          created: '2026-01-01T00:00:00.000Z',
          modified: '2026-01-01T00:00:00.000Z',
          deployedBy: null,
          packageId: 'npm://pkg',
          version: '1.0.0',
          sha256: 'a'.repeat(64),
          sha1: 'a'.repeat(40),
          md5: 'a'.repeat(32),
          properties: [],
        },
      }),
    ]
    expect(deleted(besideIt, tarball)).toEqual(at('big'))
    // A folder with more entries than are loaded keeps them.
    const paged = [
      ...rootOpen,
      opened('tools'),
      request('tools', 'c2'),
      loaded('tools', 'c2', [file('tools/a.bin')], 5),
    ]
    expect(deleted(paged, 'tools/a.bin')).toEqual(at('tools'))
    // A file alone at the top of the tree: the repository.
    const alone = [
      ...rootOpen,
      opened('tools'),
      request('tools', 'c2'),
      loaded('tools', 'c2', [file('tools/a.bin')], 1),
    ]
    expect(deleted(alone, 'tools/a.bin')).toEqual(at(''))
    expect(deleted(rootOpen, 'readme.txt')).toEqual(at(''))
  })

  it("an image tag's manifest takes its tag's folder: the image's folder is selected", () => {
    const digest = `sha256:${'d'.repeat(64)}`
    const s = foldEvents([
      ...rootOpen,
      opened('big'),
      request('big', 'c2'),
      loaded('big', 'c2', [dir('big/1.0'), dir('big/2.0')], 2),
      opened('big/1.0'),
      request('big/1.0', 'c3'),
      loaded('big/1.0', 'c3', [file('big/1.0/manifest.json'), file('big/1.0/sha256__aa')], 2),
      A.Selected(at('big/1.0/manifest.json')),
      A.InfoRequested({ ...at('big/1.0/manifest.json'), requestId: 'i1' }),
      A.InfoLoaded({
        requestId: 'i1',
        info: {
          ...at('big/1.0/manifest.json'),
          name: 'manifest.json',
          size: 12,
          mimeType: 'application/json',
          created: '2026-01-01T00:00:00.000Z',
          modified: '2026-01-01T00:00:00.000Z',
          deployedBy: null,
          packageId: null,
          version: null,
          sha256: 'a'.repeat(64),
          sha1: 'a'.repeat(40),
          md5: 'a'.repeat(32),
          properties: [],
          container: { image: 'big', tag: '1.0', digest, tags: ['1.0'], frees: 0 },
        },
      }),
      A.DeleteRequested({ ...at('big/1.0/manifest.json'), requestId: 'x1' }),
      A.Deleted({ ...at('big/1.0/manifest.json'), requestId: 'x1' }),
    ]).artifacts
    expect(s.selected).toEqual(at('big'))
  })

  it('an answer to another request changes nothing; a refusal is kept with the path', () => {
    const before = [...selectedFile, A.DeleteRequested({ ...at('tools/a.bin'), requestId: 'x1' })]
    const other = foldEvents([...before, A.Deleted({ ...at('tools/a.bin'), requestId: 'x0' })]).artifacts
    expect(other.deletion?.status).toBe('deleting')
    expect(other.selected).toEqual(at('tools/a.bin'))
    const failure = { kind: 'status', status: 403, message: 'no' } as const
    const refused = foldEvents([
      ...before,
      A.DeleteFailed({ ...at('tools/a.bin'), requestId: 'x1', failure }),
    ]).artifacts
    expect(refused.deletion).toEqual({ status: 'failed', requestId: 'x1', at: at('tools/a.bin'), failure })
    expect(refused.folders['generic-local/tools']?.items).toHaveLength(2)
  })

  it("the loaded folders above a deleted path and the repositories' counts are asked for again, and the user is told", () => {
    const event: AppEvent = A.Deleted({ ...at('tools/a.bin'), requestId: 'x1' })
    expect(
      appSlice(artifactsArea).policies!(
        { seq: 1, at: '', source: 'effect', corr: 'c', event },
        foldEvents(selectedFile),
      ),
    ).toEqual([
      { type: 'artifacts/Refresh', ...at('') },
      { type: 'artifacts/Refresh', ...at('tools') },
      { type: 'artifacts/LoadRepositories' },
      {
        type: 'notifications/Show',
        kind: 'success',
        message: { key: 'artifactDeleted', path: 'tools/a.bin', repoKey: 'generic-local' },
      },
    ])
  })
})
