// State of the admin area. Filled in by the issue that builds the area.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AdminState {}

export const initialAdminState: AdminState = {}
