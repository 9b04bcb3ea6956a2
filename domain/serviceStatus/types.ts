// State of the serviceStatus area. Filled in by the issue that builds the area.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ServiceStatusState {}

export const initialServiceStatusState: ServiceStatusState = {}
