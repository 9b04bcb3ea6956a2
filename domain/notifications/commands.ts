import type { ToastKind, ToastMessage } from './types'

// Commands of the notifications area, named `notifications/Imperative`.
export type NotificationsCommand =
  | { readonly type: 'notifications/Show'; readonly kind: ToastKind; readonly message: ToastMessage }
  | { readonly type: 'notifications/Dismiss'; readonly id: string }
