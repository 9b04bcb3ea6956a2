// State of the packages area. Filled in by the issue that builds the area.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PackagesState {}

export const initialPackagesState: PackagesState = {}
