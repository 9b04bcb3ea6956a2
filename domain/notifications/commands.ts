import type { ToastKind } from './types'

// Commands of the notifications area, named `notifications/Imperative`.
export type NotificationsCommand =
  | { readonly type: 'notifications/Show'; readonly kind: ToastKind; readonly message: string }
  | { readonly type: 'notifications/Dismiss'; readonly id: string }
