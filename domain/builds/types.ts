/** The builds area: the platform's build runs and one run's details (modules, artifacts, dependencies). */
import * as t from 'io-ts'
import type { Loadable } from '../shared/loadable'

export const BuildRun = t.type({ name: t.string, number: t.string, status: t.string, started: t.string })
export type BuildRun = t.TypeOf<typeof BuildRun>

/** A file a build names, found by checksum: where it is stored and the package version it belongs to. */
const Resolved = {
  repoKey: t.union([t.string, t.null]),
  path: t.union([t.string, t.null]),
  packageId: t.union([t.string, t.null]),
  version: t.union([t.string, t.null]),
  sha256: t.string,
  sha1: t.string,
  md5: t.string,
}
export const BuildArtifact = t.type({ name: t.string, type: t.string, ...Resolved })
export type BuildArtifact = t.TypeOf<typeof BuildArtifact>
export const BuildDependency = t.type({ id: t.string, scope: t.string, ...Resolved })
export type BuildDependency = t.TypeOf<typeof BuildDependency>

/** A violation the watches naming the build found in the versions it holds (in force). */
export const BuildViolation = t.intersection([
  t.type({
    id: t.number,
    issue: t.string,
    component: t.string,
    severity: t.keyof({ critical: null, high: null, medium: null, low: null, unknown: null }),
    watch: t.string,
    policy: t.string,
    failBuild: t.boolean,
  }),
  /** The version of the build it was found in; absent from violations stored before it was kept. */
  t.partial({ foundIn: t.type({ versionId: t.string, repo: t.string }) }),
])
export type BuildViolation = t.TypeOf<typeof BuildViolation>

export const BuildDetail = t.intersection([
  t.type({
    ...BuildRun.props,
    durationMillis: t.union([t.number, t.null]),
    agent: t.union([t.string, t.null]),
    modules: t.array(
      t.type({ id: t.string, artifacts: t.array(BuildArtifact), dependencies: t.array(BuildDependency) }),
    ),
  }),
  // Absent from runs recorded before builds were watched.
  t.partial({ violations: t.array(BuildViolation) }),
])
export type BuildDetail = t.TypeOf<typeof BuildDetail>

export interface BuildsState {
  readonly list: Loadable<ReadonlyArray<BuildRun>>
  /** The run whose details are shown (or loading), by name and number. */
  readonly detail: Loadable<BuildDetail> & { readonly name?: string; readonly number?: string }
}
