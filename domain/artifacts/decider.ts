import { left, right } from 'fp-ts/Either'
import type { CommandMeta, SliceArea } from '../shared/area'
import type { SessionEvent } from '../session/events'
import type { XrayEvent } from '../xray/events'
import type { NotificationsCommand } from '../notifications'
import type { ArtifactsCommand } from './commands'
import {
  ChildrenRequested,
  Collapsed,
  DeleteRequested,
  ImageManifestDeleteRequested,
  DeployDismissed,
  DeployRequested,
  Expanded,
  InfoRequested,
  RepositoriesRequested,
  Selected,
  artifactsEvents,
  type ArtifactsEvent,
} from './events'
import {
  TREE_PAGE_SIZE,
  ancestorPaths,
  artifactPathProblem,
  changesBlocks,
  infoLocation,
  nextOffset,
  nodeId,
  parentPath,
  sameLocation,
  selectionAfterDeletion,
  wantsMore,
} from './rules'
import { type ArtifactsState, type FolderChildren, type TreeLocation } from './types'
import { initialArtifactsState } from './initial'
import { artifactsCommandCodecs } from './commandCodecs.gen'
import { awaits, reloading } from '../shared/loadable'

type Out = ArtifactsEvent[]

/** Open a folder (or repository root): expanded, and its first page asked for unless it has one. */
function open(s: ArtifactsState, repoKey: string, path: string, meta: CommandMeta, suffix: string): Out {
  const id = nodeId(repoKey, path)
  const out: Out = []
  if (!s.expanded[id]) out.push(Expanded({ repoKey, path }))
  const folder = s.folders[id]
  if (!folder || (folder.failure && folder.items.length === 0 && !folder.pending))
    out.push(
      ChildrenRequested({
        repoKey,
        path,
        requestId: `${meta.id}${suffix}`,
        offset: 0,
        limit: TREE_PAGE_SIZE,
      }),
    )
  return out
}

function infoWanted(s: ArtifactsState, repoKey: string, path: string): boolean {
  const at = { repoKey, path }
  if (s.info.status === 'loaded')
    return !sameLocation({ repoKey: s.info.info.repoKey, path: s.info.info.path }, at)
  if (s.info.status === 'loading') return !sameLocation(s.info.at, at)
  return true
}

function evolveFolder(
  folders: ArtifactsState['folders'],
  id: string,
  change: (f: FolderChildren | undefined) => FolderChildren | undefined,
): ArtifactsState['folders'] {
  const before = folders[id]
  const after = change(before)
  return after === before || after === undefined ? folders : { ...folders, [id]: after }
}

/** The commands the area's policies ask for. */
type Asked = ArtifactsCommand | NotificationsCommand

function evolve(s: ArtifactsState, event: ArtifactsEvent | SessionEvent | XrayEvent): ArtifactsState {
  if (event.type === 'session/SignedOut') return initialArtifactsState
  if (!event.type.startsWith('artifacts/')) return s
  const e = event as ArtifactsEvent
  switch (e.type) {
    case 'artifacts/RepositoriesRequested':
      return { ...s, repositories: reloading(s.repositories, e.data.requestId) }
    case 'artifacts/RepositoriesLoaded':
      if (!awaits(s.repositories, e.data.requestId)) return s
      return { ...s, repositories: { status: 'loaded', data: e.data.repositories } }
    case 'artifacts/RepositoriesFailed':
      if (!awaits(s.repositories, e.data.requestId)) return s
      return { ...s, repositories: { status: 'failed', failure: e.data.failure } }
    case 'artifacts/Expanded':
      return { ...s, expanded: { ...s.expanded, [nodeId(e.data.repoKey, e.data.path)]: true } }
    case 'artifacts/Collapsed': {
      const { [nodeId(e.data.repoKey, e.data.path)]: _closed, ...expanded } = s.expanded
      return { ...s, expanded }
    }
    case 'artifacts/ChildrenRequested': {
      const pending = { requestId: e.data.requestId, offset: e.data.offset }
      return {
        ...s,
        folders: evolveFolder(s.folders, nodeId(e.data.repoKey, e.data.path), (f) => ({
          items: f?.items ?? [],
          total: f?.total ?? null,
          pending,
          failure: null,
        })),
      }
    }
    case 'artifacts/ChildrenLoaded':
      return {
        ...s,
        folders: evolveFolder(s.folders, nodeId(e.data.repoKey, e.data.path), (f) =>
          f?.pending?.requestId !== e.data.requestId
            ? f
            : {
                // A first page starts the folder over; a later one is appended where it starts.
                items:
                  e.data.offset === 0
                    ? e.data.children
                    : [...f.items.slice(0, e.data.offset), ...e.data.children],
                total: e.data.total,
                pending: null,
                failure: null,
              },
        ),
      }
    case 'artifacts/ChildrenFailed':
      return {
        ...s,
        folders: evolveFolder(s.folders, nodeId(e.data.repoKey, e.data.path), (f) =>
          f?.pending?.requestId !== e.data.requestId ? f : { ...f, pending: null, failure: e.data.failure },
        ),
      }
    case 'artifacts/Selected':
      return { ...s, selected: { repoKey: e.data.repoKey, path: e.data.path } }
    case 'artifacts/InfoRequested':
      return {
        ...s,
        info: {
          status: 'loading',
          requestId: e.data.requestId,
          at: { repoKey: e.data.repoKey, path: e.data.path },
        },
      }
    case 'artifacts/InfoLoaded':
      if (s.info.status !== 'loading' || s.info.requestId !== e.data.requestId) return s
      return { ...s, info: { status: 'loaded', info: e.data.info } }
    case 'artifacts/InfoFailed':
      if (s.info.status !== 'loading' || s.info.requestId !== e.data.requestId) return s
      return { ...s, info: { status: 'failed', at: s.info.at, failure: e.data.failure } }
    case 'artifacts/DeployRequested':
      return {
        ...s,
        deploy: {
          status: 'uploading',
          requestId: e.data.requestId,
          at: { repoKey: e.data.repoKey, path: e.data.path },
          fileName: e.data.fileName,
          loaded: 0,
          total: e.data.size,
        },
      }
    case 'artifacts/DeployProgressed':
      if (s.deploy.status !== 'uploading' || s.deploy.requestId !== e.data.requestId) return s
      return { ...s, deploy: { ...s.deploy, loaded: e.data.loaded, total: e.data.total } }
    case 'artifacts/Deployed':
      if (s.deploy.status !== 'uploading' || s.deploy.requestId !== e.data.requestId) return s
      return {
        ...s,
        deploy: { status: 'done', requestId: e.data.requestId, at: s.deploy.at, sha256: e.data.sha256 },
      }
    case 'artifacts/DeployFailed':
      if (s.deploy.status !== 'uploading' || s.deploy.requestId !== e.data.requestId) return s
      return {
        ...s,
        deploy: { status: 'failed', requestId: e.data.requestId, at: s.deploy.at, failure: e.data.failure },
      }
    case 'artifacts/DeployDismissed':
      return { ...s, deploy: { status: 'idle' } }
    case 'artifacts/DeleteRequested':
    case 'artifacts/ImageManifestDeleteRequested':
      return {
        ...s,
        deletion: {
          status: 'deleting',
          requestId: e.data.requestId,
          at: { repoKey: e.data.repoKey, path: e.data.path },
        },
      }
    case 'artifacts/Deleted': {
      if (s.deletion?.requestId !== e.data.requestId) return s
      const { deletion: _done, ...rest } = s
      const gone = (at: TreeLocation | null) =>
        at !== null &&
        at.repoKey === e.data.repoKey &&
        (at.path === e.data.path || at.path.startsWith(`${e.data.path}/`))
      const infoAt =
        s.info.status === 'loaded'
          ? { repoKey: s.info.info.repoKey, path: s.info.info.path }
          : s.info.status === 'idle'
            ? null
            : s.info.at
      // An image tag's manifest takes its tag's folder with it (its layers are listed there).
      const tagManifest =
        s.info.status === 'loaded' &&
        sameLocation(infoAt, { repoKey: e.data.repoKey, path: e.data.path }) &&
        Boolean(s.info.info.container)
      const goneFromTree = tagManifest ? parentPath(e.data.path) : e.data.path
      // A version's main file takes the version with all its files: in an npm repository its
      // unpacked files sit beside the tarball, in a folder named by the version.
      const versionGone =
        s.info.status === 'loaded' &&
        sameLocation(infoAt, { repoKey: e.data.repoKey, path: e.data.path }) &&
        s.info.info.packageId !== null &&
        s.info.info.version !== null
          ? [`${parentPath(e.data.path)}/${s.info.info.version}`]
          : []
      return {
        ...rest,
        // The row leaves its folder at once; the folders above are asked for again (policies).
        folders: evolveFolder(s.folders, nodeId(e.data.repoKey, parentPath(e.data.path)), (f) =>
          f === undefined
            ? f
            : {
                ...f,
                items: f.items.filter((c) => c.path !== e.data.path),
                total: f.total === null ? null : Math.max(0, f.total - 1),
              },
        ),
        // The folder it was in is selected, or the nearest above that is not emptied by it.
        selected: gone(s.selected)
          ? selectionAfterDeletion(s.folders, e.data.repoKey, goneFromTree, versionGone)
          : s.selected,
        info: gone(infoAt) ? { status: 'idle' } : s.info,
      }
    }
    case 'artifacts/DeleteFailed':
      if (s.deletion?.requestId !== e.data.requestId) return s
      return {
        ...s,
        deletion: {
          status: 'failed',
          requestId: e.data.requestId,
          at: s.deletion.at,
          failure: e.data.failure,
        },
      }
  }
}

export const artifactsArea: SliceArea<
  'artifacts',
  ArtifactsState,
  ArtifactsCommand,
  ArtifactsEvent | XrayEvent,
  undefined,
  Asked
> = {
  key: 'artifacts',
  commands: artifactsCommandCodecs,
  initialState: initialArtifactsState,
  events: artifactsEvents,
  decide: (command, s, _context, meta) => {
    switch (command.type) {
      case 'artifacts/LoadRepositories':
        return right([RepositoriesRequested({ requestId: meta.id })])
      case 'artifacts/Toggle': {
        const { repoKey, path } = command
        if (s.expanded[nodeId(repoKey, path)]) return right([Collapsed({ repoKey, path })])
        return right(open(s, repoKey, path, meta, ''))
      }
      case 'artifacts/LoadMore': {
        const folder = s.folders[nodeId(command.repoKey, command.path)]
        // A page that failed is asked for again (Retry); otherwise only when there is more.
        const retry = folder !== undefined && folder.failure !== null && folder.pending === null
        if (!retry && !wantsMore(folder)) return right([])
        return right([
          ChildrenRequested({
            repoKey: command.repoKey,
            path: command.path,
            requestId: meta.id,
            offset: nextOffset(folder),
            limit: TREE_PAGE_SIZE,
          }),
        ])
      }
      case 'artifacts/Refresh':
        return right([
          ChildrenRequested({
            repoKey: command.repoKey,
            path: command.path,
            requestId: meta.id,
            offset: 0,
            limit: TREE_PAGE_SIZE,
          }),
        ])
      case 'artifacts/Select': {
        const { repoKey, path } = command
        const folder = command.folder || path === ''
        const out: Out = sameLocation(s.selected, { repoKey, path }) ? [] : [Selected({ repoKey, path })]
        if (folder) return right([...out, ...open(s, repoKey, path, meta, '')])
        return right(
          infoWanted(s, repoKey, path) ? [...out, InfoRequested({ repoKey, path, requestId: meta.id })] : out,
        )
      }
      case 'artifacts/Open': {
        const { repoKey, path } = command
        if (sameLocation(s.selected, { repoKey, path })) return right([])
        // Each folder above gets its own request id (the command's id and its depth).
        const out: Out = ancestorPaths(path).flatMap((p, i) => open(s, repoKey, p, meta, `.${i}`))
        out.push(Selected({ repoKey, path }))
        if (path === '') return right([...out, ...open(s, repoKey, '', meta, '.0')])
        const known = s.folders[nodeId(repoKey, parentPath(path))]?.items.find((c) => c.path === path)
        if (known?.folder) return right([...out, ...open(s, repoKey, path, meta, '.self')])
        if (known && infoWanted(s, repoKey, path))
          out.push(InfoRequested({ repoKey, path, requestId: `${meta.id}.info` }))
        // Its folder is loaded but not as far as the path: page on until it shows.
        const parent = s.folders[nodeId(repoKey, parentPath(path))]
        if (!known && wantsMore(parent))
          out.push(
            ChildrenRequested({
              repoKey,
              path: parentPath(path),
              requestId: `${meta.id}.more`,
              offset: nextOffset(parent),
              limit: TREE_PAGE_SIZE,
            }),
          )
        return right(out)
      }
      case 'artifacts/LoadInfo':
        return right([InfoRequested({ repoKey: command.repoKey, path: command.path, requestId: meta.id })])
      case 'artifacts/Deploy': {
        if (s.deploy.status === 'uploading') return left('a deployment is already under way')
        const problem = artifactPathProblem(command.path)
        if (problem) return left(problem)
        return right([
          DeployRequested({
            repoKey: command.repoKey,
            path: command.path,
            requestId: meta.id,
            fileRef: command.fileRef,
            fileName: command.fileName,
            size: command.size,
          }),
        ])
      }
      case 'artifacts/DismissDeploy':
        if (s.deploy.status === 'uploading') return left('the deployment is still under way')
        return right([DeployDismissed({})])
      case 'artifacts/Delete': {
        if (s.deletion?.status === 'deleting') return left('a deletion is already under way')
        if (command.path === '') return left('a repository is deleted from the Repositories page')
        const problem = artifactPathProblem(command.path)
        if (problem) return left(problem)
        return right([DeleteRequested({ repoKey: command.repoKey, path: command.path, requestId: meta.id })])
      }
      case 'artifacts/DeleteImageManifest': {
        if (s.deletion?.status === 'deleting') return left('a deletion is already under way')
        const problem = artifactPathProblem(command.path)
        if (problem) return left(problem)
        // A tag's manifest.json (`<image>/<tag>/manifest.json`) names the manifest to delete.
        if (!/[^/]\/[^/]+\/manifest\.json$/.test(command.path))
          return left('not the manifest.json of an image tag')
        return right([
          ImageManifestDeleteRequested({ repoKey: command.repoKey, path: command.path, requestId: meta.id }),
        ])
      }
    }
  },
  evolve,
  evolvesOn: ['session/SignedOut'],
  policies: (envelope, s): ReadonlyArray<Asked> => {
    const e = envelope.event
    // A scanning change (an ignore rule, a watch, a policy, a scan) may lift or add the block
    // the file's details say: they are asked again, as the platform now answers.
    if (e.type === 'xray/Changed') {
      const at = changesBlocks(e.data.kind) ? infoLocation(s) : null
      return at ? [{ type: 'artifacts/LoadInfo', ...at }] : []
    }
    // A folder's page arrived: if the selection (from the address bar) is below it, page on
    // until the next folder on the way shows; once the selection itself shows, show it.
    if (e.type === 'artifacts/ChildrenLoaded') {
      const at = s.selected
      const here = e.data.path
      if (!at || at.repoKey !== e.data.repoKey || at.path === '') return []
      if (here !== '' && !at.path.startsWith(`${here}/`)) return []
      const rest = at.path.slice(here === '' ? 0 : here.length + 1)
      const next = here === '' ? rest.split('/')[0]! : `${here}/${rest.split('/')[0]!}`
      const folder = s.folders[nodeId(at.repoKey, here)]
      const found = folder?.items.find((c) => c.path === next)
      if (!found)
        return wantsMore(folder) ? [{ type: 'artifacts/LoadMore', repoKey: at.repoKey, path: here }] : []
      if (next !== at.path) return []
      if (found.folder)
        return s.expanded[nodeId(at.repoKey, at.path)] ? [] : [{ type: 'artifacts/Toggle', ...at }]
      return infoWanted(s, at.repoKey, at.path) ? [{ type: 'artifacts/LoadInfo', ...at }] : []
    }
    // A deployed file may have made folders: every loaded folder above it is asked for again.
    if (e.type === 'artifacts/Deployed')
      return [
        ...ancestorPaths(e.data.path)
          .filter((p) => s.folders[nodeId(e.data.repoKey, p)] !== undefined)
          .map((p): Asked => ({ type: 'artifacts/Refresh', repoKey: e.data.repoKey, path: p })),
        { type: 'artifacts/Open', repoKey: e.data.repoKey, path: e.data.path },
        {
          type: 'notifications/Show',
          kind: 'success',
          message: { key: 'artifactDeployed', path: e.data.path, repoKey: e.data.repoKey },
        },
      ]
    // A deletion may have emptied folders above it: every loaded one is asked for again, and
    // the repositories, whose file counts and sizes it changed (the details showed a deleted
    // file still counted over an empty repository).
    if (e.type === 'artifacts/Deleted')
      return [
        ...ancestorPaths(e.data.path)
          .filter((p) => s.folders[nodeId(e.data.repoKey, p)] !== undefined)
          .map((p): Asked => ({ type: 'artifacts/Refresh', repoKey: e.data.repoKey, path: p })),
        { type: 'artifacts/LoadRepositories' },
        {
          type: 'notifications/Show',
          kind: 'success',
          message: { key: 'artifactDeleted', path: e.data.path, repoKey: e.data.repoKey },
        },
      ]
    return []
  },
}
