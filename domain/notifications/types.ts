export type ToastKind = 'error' | 'success' | 'info' | 'warning'

/** A message the view words itself (facts in events, wording in the view). */
export type ToastMessageKey = 'notAuthorized' | 'contactRequestSent' | 'navigationTypeNotSaved'

export interface Toast {
  readonly id: string
  readonly kind: ToastKind
  /** Text given by the caller (e.g. a server's message), or a key the view words. */
  readonly message?: string
  readonly messageKey?: ToastMessageKey
  /** The platform's reason, for a key that takes one. */
  readonly detail?: string
  readonly at: string
}

export interface NotificationsState {
  readonly toasts: ReadonlyArray<Toast>
}

export const initialNotificationsState: NotificationsState = { toasts: [] }

/** How long a toast stays (spec 000 section 9: 4500 ms and 3000 ms): problems longer than news. */
export const TOAST_DURATION_MS: Readonly<Record<ToastKind, number>> = {
  error: 4500,
  warning: 4500,
  success: 3000,
  info: 3000,
}

/** Messages shown for a time of their own (spec 001 section 9: the contact toast, 5000 ms). */
export const MESSAGE_DURATION_MS: Readonly<Partial<Record<ToastMessageKey, number>>> = {
  contactRequestSent: 5000,
}

/** At most this many toasts are kept: the oldest go first. */
export const MAX_TOASTS = 5
