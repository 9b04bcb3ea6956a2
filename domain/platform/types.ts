// State of the platform area. Filled in by the issue that builds the area.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PlatformState {}

export const initialPlatformState: PlatformState = {}
