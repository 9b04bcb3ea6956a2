// Commands of the artifacts area, named `artifacts/Imperative`.
export type ArtifactsCommand =
  | { readonly type: 'artifacts/LoadRepositories' }
  /** Opens or closes a repository or folder; opening one never loaded asks for its first page. */
  | { readonly type: 'artifacts/Toggle'; readonly repoKey: string; readonly path: string }
  /** The next page of a folder, when it has more and none is under way. */
  | { readonly type: 'artifacts/LoadMore'; readonly repoKey: string; readonly path: string }
  /** The folder's children again from the first page (after a deploy, or Retry). */
  | { readonly type: 'artifacts/Refresh'; readonly repoKey: string; readonly path: string }
  /** A row chosen in the tree: a file's information loads, a folder opens. */
  | {
      readonly type: 'artifacts/Select'
      readonly repoKey: string
      readonly path: string
      readonly folder: boolean
    }
  /** A path from the address bar: every folder above it opens, and it is selected once found. */
  | { readonly type: 'artifacts/Open'; readonly repoKey: string; readonly path: string }
  | { readonly type: 'artifacts/LoadInfo'; readonly repoKey: string; readonly path: string }
  /** Upload the stashed file (`fileRef`, from App.stashFile) to a path of a repository. */
  | {
      readonly type: 'artifacts/Deploy'
      readonly repoKey: string
      readonly path: string
      readonly fileRef: string
      readonly fileName: string
      readonly size: number
    }
  | { readonly type: 'artifacts/DismissDeploy' }
  /** Deletes a file or folder of a local repository; an npm package's tarball deletes its version. */
  | { readonly type: 'artifacts/Delete'; readonly repoKey: string; readonly path: string }
  /** Deletes the image manifest a docker tag's manifest.json names, with every tag on it. */
  | { readonly type: 'artifacts/DeleteImageManifest'; readonly repoKey: string; readonly path: string }
