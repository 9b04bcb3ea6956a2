/**
 * The artifact tree's decider past lazy loading: selecting and opening what is already shown,
 * the file information's answers, the deploy dialog's life, what a deletion leaves selected,
 * and what the area asks for once a folder's page, a deployment or a deletion arrived.
 */
import { describe, expect, it } from 'vitest'
import { appSlice, type AppEvent } from '../../domain/app'
import { artifactsArea } from '../../domain/artifacts/decider'
import * as A from '../../domain/artifacts/events'
import { TREE_PAGE_SIZE } from '../../domain/artifacts/rules'
import type { TreeChild } from '../../domain/artifacts/types'
import { foldEvents, spec, specMeta } from '../support/decider'
import { artifactInfo } from '../support/fixtures'

const repoKey = 'generic-local'
const at = (path: string) => ({ repoKey, path })
const file = (path: string): TreeChild => ({ name: path.split('/').pop()!, path, folder: false, size: 10 })
const dir = (path: string): TreeChild => ({ name: path.split('/').pop()!, path, folder: true, size: 0 })
const request = (path: string, requestId: string, offset = 0) =>
  A.ChildrenRequested({ ...at(path), requestId, offset, limit: TREE_PAGE_SIZE })
const loaded = (path: string, requestId: string, children: TreeChild[], total: number, offset = 0) =>
  A.ChildrenLoaded({ ...at(path), requestId, offset, children, total })
const failure = { kind: 'network', message: 'down' } as const
const id = specMeta.id

const rootOpen = [
  A.Expanded(at('')),
  request('', 'c1'),
  loaded('', 'c1', [dir('big'), dir('tools'), file('readme.txt')], 3),
]
const bigFirstPage = Array.from({ length: TREE_PAGE_SIZE }, (_, i) =>
  file(`big/f${String(i).padStart(5, '0')}`),
)
const bigOpen = [
  ...rootOpen,
  A.Expanded(at('big')),
  request('big', 'b1'),
  loaded('big', 'b1', bigFirstPage, 10_000),
]

const given = (...events: AppEvent[]) => spec(appSlice(artifactsArea)).given(...events)
const policies = (event: AppEvent, before: AppEvent[]) =>
  appSlice(artifactsArea).policies!(
    { seq: 1, at: '', source: 'effect', corr: 'c', event },
    foldEvents([...before, event]),
  )

describe('artifacts: the repositories', () => {
  it('are asked for; an older answer is ignored, a failure shown', () => {
    given()
      .when({ type: 'artifacts/LoadRepositories' })
      .then(A.RepositoriesRequested({ requestId: id }))
    const asked = [A.RepositoriesRequested({ requestId: 'r1' }), A.RepositoriesRequested({ requestId: 'r2' })]
    expect(
      foldEvents([...asked, A.RepositoriesLoaded({ requestId: 'r1', repositories: [] })]).artifacts
        .repositories,
    ).toEqual({ status: 'loading', requestId: 'r2' })
    expect(
      foldEvents([...asked, A.RepositoriesFailed({ requestId: 'r1', failure })]).artifacts.repositories,
    ).toEqual({
      status: 'loading',
      requestId: 'r2',
    })
    expect(
      foldEvents([...asked, A.RepositoriesFailed({ requestId: 'r2', failure })]).artifacts.repositories,
    ).toEqual({
      status: 'failed',
      failure,
    })
  })
})

describe('artifacts: opening folders again', () => {
  it('a folder whose first page failed is asked for again when opened again', () => {
    const failed = [...rootOpen, A.Expanded(at('tools')), request('tools', 't1')]
    given(...failed, A.ChildrenFailed({ ...at('tools'), requestId: 't1', failure }), A.Collapsed(at('tools')))
      .when({ type: 'artifacts/Toggle', ...at('tools') })
      .then(A.Expanded(at('tools')), request('tools', id))
  })

  it('an empty folder, or one whose later page failed, keeps what it has when opened again', () => {
    given(
      ...rootOpen,
      A.Expanded(at('tools')),
      request('tools', 't1'),
      loaded('tools', 't1', [], 0),
      A.Collapsed(at('tools')),
    )
      .when({ type: 'artifacts/Toggle', ...at('tools') })
      .then(A.Expanded(at('tools')))
    given(
      ...bigOpen,
      request('big', 'b2', TREE_PAGE_SIZE),
      A.ChildrenFailed({ ...at('big'), requestId: 'b2', failure }),
      A.Collapsed(at('big')),
    )
      .when({ type: 'artifacts/Toggle', ...at('big') })
      .then(A.Expanded(at('big')))
  })

  it('a refresh asks for the first page again', () => {
    given(...bigOpen)
      .when({ type: 'artifacts/Refresh', ...at('big') })
      .then(request('big', id))
  })

  it('an answer for a folder never asked for changes nothing', () => {
    const before = foldEvents(rootOpen).artifacts
    for (const late of [
      loaded('gone', 'g1', [file('gone/x')], 1),
      A.ChildrenFailed({ ...at('gone'), requestId: 'g1', failure }),
    ])
      expect(foldEvents([...rootOpen, late]).artifacts).toStrictEqual(before)
  })
})

describe('artifacts: selecting', () => {
  it('selecting an open folder selects it and asks nothing', () => {
    given(...rootOpen)
      .when({ type: 'artifacts/Select', ...at(''), folder: true })
      .then(A.Selected(at('')))
  })

  it("a repository's root is a folder, whatever the command says", () => {
    given()
      .when({ type: 'artifacts/Select', ...at(''), folder: false })
      .then(A.Selected(at('')), A.Expanded(at('')), request('', id))
  })

  it('selecting a folder opens it, without asking for information', () => {
    given(...rootOpen)
      .when({ type: 'artifacts/Select', ...at('tools'), folder: true })
      .then(A.Selected(at('tools')), A.Expanded(at('tools')), request('tools', id))
  })

  it('the file selected again asks nothing; its information is asked for only if not shown or coming', () => {
    const info = [A.InfoRequested({ ...at('readme.txt'), requestId: 'i1' })]
    given(...rootOpen, A.Selected(at('readme.txt')), ...info)
      .when({ type: 'artifacts/Select', ...at('readme.txt'), folder: false })
      .nothing()
    const shown = [...info, A.InfoLoaded({ requestId: 'i1', info: artifactInfo(repoKey, 'readme.txt') })]
    given(...rootOpen, A.Selected(at('big')), ...shown)
      .when({ type: 'artifacts/Select', ...at('readme.txt'), folder: false })
      .then(A.Selected(at('readme.txt')))
    given(...rootOpen, ...shown)
      .when({ type: 'artifacts/Select', ...at('big/f00001'), folder: false })
      .then(A.Selected(at('big/f00001')), A.InfoRequested({ ...at('big/f00001'), requestId: id }))
    given(...rootOpen, ...info)
      .when({ type: 'artifacts/Select', ...at('big/f00001'), folder: false })
      .then(A.Selected(at('big/f00001')), A.InfoRequested({ ...at('big/f00001'), requestId: id }))
    given(...rootOpen, ...shown)
      .when({ type: 'artifacts/LoadInfo', ...at('readme.txt') })
      .then(A.InfoRequested({ ...at('readme.txt'), requestId: id }))
  })
})

describe('artifacts: the information panel', () => {
  const asked = A.InfoRequested({ ...at('readme.txt'), requestId: 'i1' })

  it("shows the awaited request's answer or failure, with where it failed", () => {
    const info = artifactInfo(repoKey, 'readme.txt')
    expect(foldEvents([asked, A.InfoLoaded({ requestId: 'i1', info })]).artifacts.info).toEqual({
      status: 'loaded',
      info,
    })
    expect(
      foldEvents([asked, A.InfoFailed({ ...at('readme.txt'), requestId: 'i1', failure })]).artifacts.info,
    ).toEqual({
      status: 'failed',
      at: at('readme.txt'),
      failure,
    })
  })

  it('an answer to another request, or after the answer, changes nothing', () => {
    const info = artifactInfo(repoKey, 'readme.txt')
    const done = [asked, A.InfoLoaded({ requestId: 'i1', info })]
    expect(foldEvents([asked, A.InfoLoaded({ requestId: 'i0', info })]).artifacts.info.status).toBe('loading')
    expect(
      foldEvents([...done, A.InfoLoaded({ requestId: 'i1', info: artifactInfo(repoKey, 'x') })]).artifacts
        .info,
    ).toEqual({ status: 'loaded', info })
    expect(
      foldEvents([...done, A.InfoFailed({ ...at('readme.txt'), requestId: 'i1', failure })]).artifacts.info
        .status,
    ).toBe('loaded')
  })
})

describe('artifacts: opening a location from the address bar', () => {
  it("a repository's root opens and is selected", () => {
    given()
      .when({ type: 'artifacts/Open', ...at('') })
      .then(A.Selected(at('')), A.Expanded(at('')), request('', `${id}.0`))
  })

  it('a folder shown in its loaded parent opens', () => {
    given(...rootOpen)
      .when({ type: 'artifacts/Open', ...at('tools') })
      .then(A.Selected(at('tools')), A.Expanded(at('tools')), request('tools', `${id}.self`))
  })

  it('a file shown in its loaded parent gets its information, unless shown already', () => {
    given(...rootOpen)
      .when({ type: 'artifacts/Open', ...at('readme.txt') })
      .then(A.Selected(at('readme.txt')), A.InfoRequested({ ...at('readme.txt'), requestId: `${id}.info` }))
    given(
      ...rootOpen,
      A.InfoRequested({ ...at('readme.txt'), requestId: 'i1' }),
      A.InfoLoaded({ requestId: 'i1', info: artifactInfo(repoKey, 'readme.txt') }),
    )
      .when({ type: 'artifacts/Open', ...at('readme.txt') })
      .then(A.Selected(at('readme.txt')))
  })

  it('a file shown in a large folder asks no further page; one not shown yet pages on', () => {
    given(...bigOpen)
      .when({ type: 'artifacts/Open', ...at('big/f00005') })
      .then(A.Selected(at('big/f00005')), A.InfoRequested({ ...at('big/f00005'), requestId: `${id}.info` }))
    given(...bigOpen)
      .when({ type: 'artifacts/Open', ...at('big/f09000') })
      .then(A.Selected(at('big/f09000')), request('big', `${id}.more`, TREE_PAGE_SIZE))
  })

  it('a path its whole parent does not hold is only selected', () => {
    given(...rootOpen)
      .when({ type: 'artifacts/Open', ...at('nothing.txt') })
      .then(A.Selected(at('nothing.txt')))
  })
})

describe("artifacts: a folder's page arriving with a selection below it", () => {
  const selected = (path: string) => [
    ...rootOpen,
    A.Expanded(at('tools')),
    request('tools', 't1'),
    A.Selected(at(path)),
  ]

  it('a file of the folder gets its information; a folder of it opens, unless open', () => {
    const page = loaded('tools', 't1', [dir('tools/linux'), file('tools/app.tgz')], 2)
    expect(policies(page, selected('tools/app.tgz'))).toEqual([
      { type: 'artifacts/LoadInfo', ...at('tools/app.tgz') },
    ])
    expect(policies(page, selected('tools/linux'))).toEqual([
      { type: 'artifacts/Toggle', ...at('tools/linux') },
    ])
    expect(policies(page, [...selected('tools/linux'), A.Expanded(at('tools/linux'))])).toEqual([])
    const infoShown = [
      ...selected('tools/app.tgz'),
      A.InfoRequested({ ...at('tools/app.tgz'), requestId: 'i1' }),
      A.InfoLoaded({ requestId: 'i1', info: artifactInfo(repoKey, 'tools/app.tgz') }),
    ]
    expect(policies(page, infoShown)).toEqual([])
  })

  it('asks nothing without a selection, for another repository, the root, or a folder off the way', () => {
    const page = loaded('tools', 't1', [file('tools/app.tgz')], 1)
    const asked = [...rootOpen, A.Expanded(at('tools')), request('tools', 't1')]
    expect(policies(page, asked)).toEqual([])
    expect(policies(page, [...asked, A.Selected({ repoKey: 'npm-local', path: 'tools/app.tgz' })])).toEqual(
      [],
    )
    expect(policies(page, [...asked, A.Selected(at(''))])).toEqual([])
    expect(policies(page, [...asked, A.Selected(at('toolsx/app.tgz'))])).toEqual([])
    expect(policies(page, [...asked, A.Selected(at('big/app.tgz'))])).toEqual([])
  })

  it('a page for a folder never asked for asks nothing', () => {
    expect(policies(loaded('gone', 'g1', [file('gone/a')], 1), [A.Selected(at('gone/a'))])).toEqual([])
  })
})

describe('artifacts: the deploy dialog', () => {
  const asked = A.DeployRequested({
    ...at('a/x.bin'),
    requestId: 'd1',
    fileRef: 'f',
    fileName: 'x.bin',
    size: 100,
  })

  it('shows the upload with its progress, then done or failed, where it went', () => {
    const uploading = foldEvents([asked, A.DeployProgressed({ requestId: 'd1', loaded: 50, total: 100 })])
    expect(uploading.artifacts.deploy).toEqual({
      status: 'uploading',
      requestId: 'd1',
      at: at('a/x.bin'),
      fileName: 'x.bin',
      loaded: 50,
      total: 100,
    })
    expect(
      foldEvents([asked, A.Deployed({ ...at('a/x.bin'), requestId: 'd1', sha256: 'ab', size: 100 })])
        .artifacts.deploy,
    ).toEqual({ status: 'done', requestId: 'd1', at: at('a/x.bin'), sha256: 'ab' })
    expect(
      foldEvents([asked, A.DeployFailed({ ...at('a/x.bin'), requestId: 'd1', failure })]).artifacts.deploy,
    ).toEqual({
      status: 'failed',
      requestId: 'd1',
      at: at('a/x.bin'),
      failure,
    })
  })

  it('news of another upload, or after the end, changes nothing', () => {
    const before = foldEvents([asked]).artifacts
    for (const other of [
      A.DeployProgressed({ requestId: 'd0', loaded: 50, total: 100 }),
      A.Deployed({ ...at('a/x.bin'), requestId: 'd0', sha256: 'ab', size: 100 }),
      A.DeployFailed({ ...at('a/x.bin'), requestId: 'd0', failure }),
    ])
      expect(foldEvents([asked, other]).artifacts).toEqual(before)
    const done = [asked, A.Deployed({ ...at('a/x.bin'), requestId: 'd1', sha256: 'ab', size: 100 })]
    for (const late of [
      A.DeployProgressed({ requestId: 'd1', loaded: 100, total: 100 }),
      A.Deployed({ ...at('a/x.bin'), requestId: 'd1', sha256: 'cd', size: 100 }),
      A.DeployFailed({ ...at('a/x.bin'), requestId: 'd1', failure }),
    ])
      expect(foldEvents([...done, late]).artifacts).toEqual(foldEvents(done).artifacts)
  })

  it('is dismissed once the upload ended, not while it runs', () => {
    given(asked)
      .when({ type: 'artifacts/DismissDeploy' })
      .rejected(/still under way/)
    const done = [asked, A.Deployed({ ...at('a/x.bin'), requestId: 'd1', sha256: 'ab', size: 100 })]
    given(...done)
      .when({ type: 'artifacts/DismissDeploy' })
      .then(A.DeployDismissed({}))
    expect(foldEvents([...done, A.DeployDismissed({})]).artifacts.deploy).toEqual({ status: 'idle' })
  })

  it('deployed, the loaded folders above are asked again, the file opened and the user told', () => {
    const event = A.Deployed({ ...at('tools/new.bin'), requestId: 'd1', sha256: 'ab', size: 5 })
    expect(policies(event, rootOpen)).toEqual([
      { type: 'artifacts/Refresh', ...at('') },
      { type: 'artifacts/Open', ...at('tools/new.bin') },
      {
        type: 'notifications/Show',
        kind: 'success',
        message: { key: 'artifactDeployed', path: 'tools/new.bin', repoKey },
      },
    ])
  })

  it('other events ask for nothing', () => {
    expect(policies(A.Collapsed(at('')), rootOpen)).toEqual([])
    expect(policies(A.Selected(at('readme.txt')), rootOpen)).toEqual([])
  })
})

describe('artifacts: what a deletion leaves', () => {
  const deleting = (path: string) => A.DeleteRequested({ ...at(path), requestId: 'x1' })
  const deleted = (path: string) => A.Deleted({ ...at(path), requestId: 'x1' })

  it('a deleted folder takes the selection and the information below it', () => {
    const s = foldEvents([
      ...rootOpen,
      A.Selected(at('tools/linux/app.tgz')),
      A.InfoRequested({ ...at('tools/linux/app.tgz'), requestId: 'i1' }),
      deleting('tools'),
      deleted('tools'),
    ]).artifacts
    expect(s.selected).toEqual(at(''))
    expect(s.info).toEqual({ status: 'idle' })
    expect(s.folders['generic-local/']?.items.map((c) => c.path)).toEqual(['big', 'readme.txt'])
  })

  it('information shown for the deleted file goes; for a file beside it, it stays', () => {
    const shown = (path: string) => [
      A.InfoRequested({ ...at(path), requestId: 'i1' }),
      A.InfoLoaded({ requestId: 'i1', info: artifactInfo(repoKey, path) }),
    ]
    expect(
      foldEvents([...rootOpen, ...shown('readme.txt'), deleting('readme.txt'), deleted('readme.txt')])
        .artifacts.info,
    ).toEqual({
      status: 'idle',
    })
    const beside = foldEvents([
      ...rootOpen,
      ...shown('readme.txt.bak'),
      deleting('readme.txt'),
      deleted('readme.txt'),
    ])
    expect(beside.artifacts.info.status).toBe('loaded')
  })

  it('a selection beside the deleted path, or in another repository, stays', () => {
    for (const selection of [
      at('readme.txt.bak'),
      at('tools2/x'),
      { repoKey: 'npm-local', path: 'readme.txt' },
    ]) {
      const s = foldEvents([
        ...rootOpen,
        A.Selected(selection),
        deleting('readme.txt'),
        deleted('readme.txt'),
      ]).artifacts
      expect(s.selected).toEqual(selection)
    }
  })

  it('with nothing selected or shown, and its folder not loaded, only the deletion ends', () => {
    const s = foldEvents([deleting('far/away.bin'), deleted('far/away.bin')]).artifacts
    expect(s.deletion).toBeUndefined()
    expect(s.folders).toStrictEqual({})
    expect(s.selected).toBeNull()
    expect(s.info).toEqual({ status: 'idle' })
  })

  it('a folder whose first page is still coming keeps its count unknown', () => {
    const s = foldEvents([
      A.Expanded(at('')),
      request('', 'c1'),
      deleting('x.bin'),
      deleted('x.bin'),
    ]).artifacts
    expect(s.folders['generic-local/']).toEqual({
      items: [],
      total: null,
      pending: { requestId: 'c1', offset: 0 },
      failure: null,
    })
  })

  it('a deletion nobody asked for, or its failure, changes nothing', () => {
    const before = foldEvents(rootOpen).artifacts
    expect(foldEvents([...rootOpen, deleted('readme.txt')]).artifacts).toEqual(before)
    expect(
      foldEvents([...rootOpen, A.DeleteFailed({ ...at('readme.txt'), requestId: 'x1', failure })]).artifacts,
    ).toEqual(before)
  })

  it('only the loaded folders above are asked again', () => {
    expect(policies(deleted('tools/linux/app.tgz'), [...rootOpen, deleting('tools/linux/app.tgz')])).toEqual([
      { type: 'artifacts/Refresh', ...at('') },
      { type: 'artifacts/LoadRepositories' },
      {
        type: 'notifications/Show',
        kind: 'success',
        message: { key: 'artifactDeleted', path: 'tools/linux/app.tgz', repoKey },
      },
    ])
  })

  it("an image manifest is deleted only from a tag's manifest.json itself", () => {
    given(...rootOpen)
      .when({ type: 'artifacts/DeleteImageManifest', ...at('app/1.0/manifest.json.bak') })
      .rejected(/manifest\.json of an image tag/)
  })
})
