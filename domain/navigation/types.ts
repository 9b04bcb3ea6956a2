// State of the navigation area. Filled in by the issue that builds the area.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface NavigationState {}

export const initialNavigationState: NavigationState = {}
