// State of the releaseBundles area. Filled in by the issue that builds the area.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ReleaseBundlesState {}

export const initialReleaseBundlesState: ReleaseBundlesState = {}
