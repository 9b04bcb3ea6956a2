// Commands of the notifications area, named `notifications/Imperative`.
export type NotificationsCommand = never
