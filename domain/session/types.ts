// State of the session area. Filled in by the issue that builds the area.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SessionState {}

export const initialSessionState: SessionState = {}
