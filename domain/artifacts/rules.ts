/**
 * Rules of the artifact tree: node ids, the rows a virtualised tree shows (repositories,
 * folders and files of the open folders, and a row where a folder has more to load), when a
 * folder's next page is wanted, and the path rule deployments share with the platform.
 */
import type { ArtifactsState, FolderChildren, TreeChild, TreeLocation, TreeRepository } from './types'
import { shownData } from '../shared/loadable'
import type { XrayChangeKind } from '../xray'

/** Children asked for at a time; a folder of 10,000 files loads as the user scrolls. */
export const TREE_PAGE_SIZE = 200

/** One id per node: the repository key (which has no slash) and the path in it. */
export const nodeId = (repoKey: string, path: string): string => `${repoKey}/${path}`

/** The folder a path is in ('' for the repository's root). */
export const parentPath = (path: string): string => {
  const slash = path.lastIndexOf('/')
  return slash === -1 ? '' : path.slice(0, slash)
}

/** The folders above a path, the repository's root first: 'a/b/c' → ['', 'a', 'a/b']. */
export function ancestorPaths(path: string): string[] {
  if (path === '') return []
  const segments = path.split('/')
  return segments.map((_, i) => segments.slice(0, i).join('/'))
}

/** Whether a folder has children not loaded yet and no page is under way. */
export function wantsMore(folder: FolderChildren | undefined): boolean {
  return (
    folder !== undefined &&
    folder.pending === null &&
    folder.failure === null &&
    folder.total !== null &&
    folder.items.length < folder.total
  )
}

/**
 * Where the selection goes when what it showed is deleted: the folder it was in, or the nearest
 * one above that keeps another entry (a folder emptied by the deletion may go with it, as an npm
 * package's do with its last version), else the repository. `gone` is what leaves the tree: the
 * file, or an image tag's folder with its manifest. It went to the repository's root, however
 * deep the file was.
 */
export function selectionAfterDeletion(
  folders: ArtifactsState['folders'],
  repoKey: string,
  gone: string,
  alsoGone: ReadonlyArray<string> = [],
): TreeLocation {
  const without = new Set([gone, ...alsoGone])
  let child = gone
  for (let folder = parentPath(gone); folder !== ''; child = folder, folder = parentPath(folder)) {
    without.add(child)
    const f = folders[nodeId(repoKey, folder)]
    const keepsAnother =
      f !== undefined && (f.items.some((c) => !without.has(c.path)) || (f.total ?? 0) > f.items.length)
    if (keepsAnother) return { repoKey, path: folder }
  }
  return { repoKey, path: '' }
}

/** Where the next page of a folder starts. */
export const nextOffset = (folder: FolderChildren | undefined): number => folder?.items.length ?? 0

export type TreeRow =
  | {
      readonly kind: 'repository'
      readonly id: string
      readonly depth: 0
      readonly repository: TreeRepository
      readonly expanded: boolean
    }
  | {
      readonly kind: 'node'
      readonly id: string
      readonly depth: number
      readonly repoKey: string
      readonly child: TreeChild
      readonly expanded: boolean
    }
  /** Where a folder's loaded children end: loading, failed, empty, or more to load. */
  | {
      readonly kind: 'status'
      readonly id: string
      readonly depth: number
      readonly repoKey: string
      readonly path: string
      readonly status: 'loading' | 'failed' | 'empty' | 'more'
    }

function folderRows(
  state: ArtifactsState,
  repoKey: string,
  path: string,
  depth: number,
  out: TreeRow[],
): void {
  const folder = state.folders[nodeId(repoKey, path)]
  const status = (s: 'loading' | 'failed' | 'empty' | 'more') =>
    out.push({ kind: 'status', id: `${nodeId(repoKey, path)}#${s}`, depth, repoKey, path, status: s })
  if (!folder) {
    status('loading')
    return
  }
  for (const child of folder.items) {
    const id = nodeId(repoKey, child.path)
    const expanded = child.folder && state.expanded[id] === true
    out.push({ kind: 'node', id, depth, repoKey, child, expanded })
    if (expanded) folderRows(state, repoKey, child.path, depth + 1, out)
  }
  if (folder.pending) status('loading')
  else if (folder.failure) status('failed')
  else if (folder.total === 0) status('empty')
  else if (folder.total !== null && folder.items.length < folder.total) status('more')
}

/** The rows of the tree as shown, top to bottom: what the virtual list renders. */
export function visibleRows(state: ArtifactsState): TreeRow[] {
  const repositories = shownData(state.repositories) ?? []
  const out: TreeRow[] = []
  for (const repository of repositories) {
    const id = nodeId(repository.key, '')
    const expanded = state.expanded[id] === true
    out.push({ kind: 'repository', id, depth: 0, repository, expanded })
    if (expanded) folderRows(state, repository.key, '', 1, out)
  }
  return out
}

/** The selected node's row, if it is loaded: a folder or a file. */
export function selectedChild(state: ArtifactsState): TreeChild | undefined {
  const at = state.selected
  if (!at || at.path === '') return undefined
  return state.folders[nodeId(at.repoKey, parentPath(at.path))]?.items.find((c) => c.path === at.path)
}

export const sameLocation = (a: TreeLocation | null, b: TreeLocation | null): boolean =>
  a !== null && b !== null && a.repoKey === b.repoKey && a.path === b.path

/** A repository path: segments without `.`/`..`, control characters or backslashes. */
export function artifactPathProblem(path: string): string | undefined {
  if (path === '' || path.length > 1024) return 'The path must have 1 to 1024 characters'
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return 'The path contains a forbidden character'
  const segments = path.split('/')
  if (segments.some((s) => s === '' || s === '.' || s === '..'))
    return 'The path has an empty, . or .. segment'
  return undefined
}

/**
 * Repositories the console deploys a file to: local ones, and virtual ones with a default
 * deployment repository, of any type but npm (npm packages are published with npm publish).
 */
export function deployTargets(repositories: ReadonlyArray<TreeRepository>): TreeRepository[] {
  return repositories.filter(
    (r) =>
      r.packageType !== 'npm' &&
      (r.kind === 'local' || (r.kind === 'virtual' && r.defaultDeploymentRepo !== null)),
  )
}

/** The path a file is deployed to by default: into the selected folder, under its own name. */
export function defaultDeployPath(selected: TreeLocation | null, folder: boolean, fileName: string): string {
  if (!selected || selected.path === '') return fileName
  const base = folder ? selected.path : parentPath(selected.path)
  return base === '' ? fileName : `${base}/${fileName}`
}

/** Where the browser lives: `/artifacts/browse`, or the lightweight landing's `/repos/tree/General`. */
export const TREE_BASES = ['/artifacts/browse', '/repos/tree/General'] as const

/** The base of an address bar path and the location it names (`<base>/<repo>/<path…>`, decoded). */
export function locationOfRoute(fullPath: string): { base: string; at: TreeLocation | null } {
  const under = TREE_BASES.find((b) => fullPath === b || fullPath.startsWith(`${b}/`))
  const base = under ?? TREE_BASES[0]
  // Another page's address (`/artifacts/browsed/x` too) names no location in the tree.
  const rest = under === undefined ? '' : fullPath.slice(base.length)
  const parts = rest
    .split('/')
    .filter((s) => s !== '')
    .map((s) => {
      try {
        return decodeURIComponent(s)
      } catch {
        return s
      }
    })
  if (parts.length === 0) return { base, at: null }
  return { base, at: { repoKey: parts[0]!, path: parts.slice(1).join('/') } }
}

/** The address of a location in the browser (each segment encoded). */
export const routeOfLocation = (at: TreeLocation, base: string = TREE_BASES[0]): string =>
  `${base}/${[at.repoKey, ...(at.path === '' ? [] : at.path.split('/'))].map(encodeURIComponent).join('/')}`

/** Upload progress is recorded in steps of a twentieth (and at the end), not for every chunk sent. */
export function progressWorthRecording(lastRecorded: number, loaded: number, total: number): boolean {
  if (total <= 0) return false
  if (loaded >= total) return lastRecorded < total
  return Math.floor((loaded * 20) / total) > Math.floor((lastRecorded * 20) / total)
}

/**
 * The scanning changes after which a file's block may be other than its details said: a rule
 * lifted or added, a watch or policy changed, a scan or an import's rescan. A report or a git
 * scan blocks no file.
 */
const CHANGES_BLOCKS: Readonly<Record<XrayChangeKind, boolean>> = {
  savePolicy: true,
  deletePolicy: true,
  saveWatch: true,
  deleteWatch: true,
  ignore: true,
  removeIgnoreRule: true,
  rescan: true,
  saveIndexed: true,
  saveSettings: true,
  importAdvisories: true,
  importAdvisoryFile: true,
  rescanImport: true,
  createReport: false,
  deleteReport: false,
  scanGit: false,
}

/** Whether a scanning change of this kind may change which files are blocked. */
export const changesBlocks = (kind: string): boolean =>
  Object.prototype.hasOwnProperty.call(CHANGES_BLOCKS, kind) && CHANGES_BLOCKS[kind as XrayChangeKind]

/** Where the file information shown (or on its way) is, if any. */
export function infoLocation(s: ArtifactsState): TreeLocation | null {
  if (s.info.status === 'loaded') return { repoKey: s.info.info.repoKey, path: s.info.info.path }
  return s.info.status === 'loading' ? s.info.at : null
}
