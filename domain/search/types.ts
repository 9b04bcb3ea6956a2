// State of the search area. Filled in by the issue that builds the area.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SearchState {}

export const initialSearchState: SearchState = {}
