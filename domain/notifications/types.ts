// State of the notifications area. Filled in by the issue that builds the area.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface NotificationsState {}

export const initialNotificationsState: NotificationsState = {}
