/**
 * The artifacts area: the tree of repositories → folders → files, loaded a folder and a page
 * at a time, the selected node and its file information, the deploy (upload) dialog and deletion.
 */
import * as t from 'io-ts'
import type { Failure } from '../shared/failure'
import type { Loadable } from '../shared/loadable'

/** A repository as the tree's top level shows it. */
export const TreeRepository = t.type({
  key: t.string,
  packageType: t.string,
  kind: t.keyof({ local: null, remote: null, virtual: null }),
  artifactCount: t.number,
  defaultDeploymentRepo: t.union([t.string, t.null]),
})
export type TreeRepository = t.TypeOf<typeof TreeRepository>

/** A folder or file right under a folder. */
export const TreeChild = t.type({ name: t.string, path: t.string, folder: t.boolean, size: t.number })
export type TreeChild = t.TypeOf<typeof TreeChild>

export const ArtifactProperty = t.type({ key: t.string, values: t.array(t.string) })

/** What the file information panel shows. */
/**
 * A tag's manifest.json in a docker repository: the manifest the tag names, every tag on it,
 * and the bytes deleting the manifest frees (its own and the layers no other manifest of the
 * image names).
 */
export const ImageManifest = t.type({
  image: t.string,
  tag: t.string,
  digest: t.string,
  tags: t.array(t.string),
  frees: t.number,
})
export type ImageManifest = t.TypeOf<typeof ImageManifest>

const ArtifactFacts = t.type({
  repoKey: t.string,
  path: t.string,
  name: t.string,
  size: t.number,
  sha256: t.string,
  sha1: t.string,
  md5: t.string,
  mimeType: t.string,
  created: t.string,
  modified: t.string,
  deployedBy: t.union([t.string, t.null]),
  packageId: t.union([t.string, t.null]),
  version: t.union([t.string, t.null]),
  properties: t.array(ArtifactProperty),
})
// `container` is optional: logs recorded before the platform told it still decode.
/** The watch's policy that refuses a file's download to everyone, and the issue it refuses. */
export const DownloadBlock = t.type({ policy: t.string, watch: t.string, issue: t.string })
export type DownloadBlock = t.TypeOf<typeof DownloadBlock>

// `blocked` came later than `container`: logs recorded before it still decode (nothing blocked).
export const ArtifactInfo = t.intersection([
  ArtifactFacts,
  t.partial({ container: t.union([ImageManifest, t.null]), blocked: t.union([DownloadBlock, t.null]) }),
])
export type ArtifactInfo = t.TypeOf<typeof ArtifactInfo>

/** A place in the tree: a repository's root (path '') or a path in it. */
export interface TreeLocation {
  readonly repoKey: string
  readonly path: string
}

/** The children of one folder as far as loaded: pages arrive in order and are appended. */
export interface FolderChildren {
  readonly items: ReadonlyArray<TreeChild>
  /** How many children the folder has; unknown until its first page arrived. */
  readonly total: number | null
  /** The page under way, if any (a later answer to another request is ignored). */
  readonly pending: { readonly requestId: string; readonly offset: number } | null
  readonly failure: Failure | null
}

export type InfoState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading'; readonly requestId: string; readonly at: TreeLocation }
  | { readonly status: 'loaded'; readonly info: ArtifactInfo }
  | { readonly status: 'failed'; readonly at: TreeLocation; readonly failure: Failure }

export type DeployState =
  | { readonly status: 'idle' }
  | {
      readonly status: 'uploading'
      readonly requestId: string
      readonly at: TreeLocation
      readonly fileName: string
      readonly loaded: number
      readonly total: number
    }
  | {
      readonly status: 'done'
      readonly requestId: string
      readonly at: TreeLocation
      readonly sha256: string
    }
  | {
      readonly status: 'failed'
      readonly requestId: string
      readonly at: TreeLocation
      readonly failure: Failure
    }

/** A deletion under way or refused; absent until the first one (kept logs replay to their hashes). */
export type DeletionState =
  | { readonly status: 'deleting'; readonly requestId: string; readonly at: TreeLocation }
  | {
      readonly status: 'failed'
      readonly requestId: string
      readonly at: TreeLocation
      readonly failure: Failure
    }

export interface ArtifactsState {
  readonly repositories: Loadable<ReadonlyArray<TreeRepository>>
  /** Loaded children by node id (`nodeId`). */
  readonly folders: Readonly<Record<string, FolderChildren>>
  /** Node ids of the expanded folders and repositories. */
  readonly expanded: Readonly<Record<string, true>>
  readonly selected: TreeLocation | null
  readonly info: InfoState
  readonly deploy: DeployState
  readonly deletion?: DeletionState
}
