import * as t from 'io-ts'
import { defineEvent, type EventOf } from '../shared/events'
import { Failure } from '../shared/failure'
import { ArtifactInfo, TreeChild, TreeRepository } from './types'

const At = { repoKey: t.string, path: t.string }

export const RepositoriesRequested = defineEvent(
  'artifacts/RepositoriesRequested',
  t.type({ requestId: t.string }),
)
export const RepositoriesLoaded = defineEvent(
  'artifacts/RepositoriesLoaded',
  t.type({ requestId: t.string, repositories: t.array(TreeRepository) }),
)
export const RepositoriesFailed = defineEvent(
  'artifacts/RepositoriesFailed',
  t.type({ requestId: t.string, failure: Failure }),
)
export const Expanded = defineEvent('artifacts/Expanded', t.type(At))
export const Collapsed = defineEvent('artifacts/Collapsed', t.type(At))
/** A page of a folder's children asked for; offset 0 starts the folder over. */
export const ChildrenRequested = defineEvent(
  'artifacts/ChildrenRequested',
  t.type({ ...At, requestId: t.string, offset: t.number, limit: t.number }),
)
export const ChildrenLoaded = defineEvent(
  'artifacts/ChildrenLoaded',
  t.type({ ...At, requestId: t.string, offset: t.number, children: t.array(TreeChild), total: t.number }),
)
export const ChildrenFailed = defineEvent(
  'artifacts/ChildrenFailed',
  t.type({ ...At, requestId: t.string, failure: Failure }),
)
export const Selected = defineEvent('artifacts/Selected', t.type(At))
export const InfoRequested = defineEvent('artifacts/InfoRequested', t.type({ ...At, requestId: t.string }))
export const InfoLoaded = defineEvent(
  'artifacts/InfoLoaded',
  t.type({ requestId: t.string, info: ArtifactInfo }),
)
export const InfoFailed = defineEvent(
  'artifacts/InfoFailed',
  t.type({ ...At, requestId: t.string, failure: Failure }),
)
/** The file itself stays in the in-memory stash (`fileRef`); the event names it. */
export const DeployRequested = defineEvent(
  'artifacts/DeployRequested',
  t.type({ ...At, requestId: t.string, fileRef: t.string, fileName: t.string, size: t.number }),
)
export const DeployProgressed = defineEvent(
  'artifacts/DeployProgressed',
  t.type({ requestId: t.string, loaded: t.number, total: t.number }),
)
/** Stored: `repoKey` is where it went (a virtual repository's default deployment repository). */
export const Deployed = defineEvent(
  'artifacts/Deployed',
  t.type({ ...At, requestId: t.string, sha256: t.string, size: t.number }),
)
export const DeployFailed = defineEvent(
  'artifacts/DeployFailed',
  t.type({ ...At, requestId: t.string, failure: Failure }),
)
export const DeployDismissed = defineEvent('artifacts/DeployDismissed', t.type({}))
export const DeleteRequested = defineEvent(
  'artifacts/DeleteRequested',
  t.type({ ...At, requestId: t.string }),
)
/** The same deletion, of the image manifest a tag's manifest.json names (every tag on it goes). */
export const ImageManifestDeleteRequested = defineEvent(
  'artifacts/ImageManifestDeleteRequested',
  t.type({ ...At, requestId: t.string }),
)
export const Deleted = defineEvent('artifacts/Deleted', t.type({ ...At, requestId: t.string }))
export const DeleteFailed = defineEvent(
  'artifacts/DeleteFailed',
  t.type({ ...At, requestId: t.string, failure: Failure }),
)

export const artifactsEvents = [
  RepositoriesRequested,
  RepositoriesLoaded,
  RepositoriesFailed,
  Expanded,
  Collapsed,
  ChildrenRequested,
  ChildrenLoaded,
  ChildrenFailed,
  Selected,
  InfoRequested,
  InfoLoaded,
  InfoFailed,
  DeployRequested,
  DeployProgressed,
  Deployed,
  DeployFailed,
  DeployDismissed,
  DeleteRequested,
  ImageManifestDeleteRequested,
  Deleted,
  DeleteFailed,
] as const

export type ArtifactsEvent = EventOf<(typeof artifactsEvents)[number]>
