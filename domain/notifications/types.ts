/** The integrations area's outcomes as the toasts' catalogue names them (the area asks with these). */
export type IntegrationsNoticeKey =
  | 'integrations.created'
  | 'integrations.createFailed'
  | 'integrations.updated'
  | 'integrations.updateFailed'
  | 'integrations.deleted'
  | 'integrations.deleteFailed'
  | 'integrations.testFailed'

export type ToastKind = 'error' | 'success' | 'info' | 'warning'

/** What was saved, deleted or created, as the catalogue names it. */
export type ToastSubject =
  | 'generalSettings'
  | 'proxy'
  | 'project'
  | 'projectMembers'
  | 'user'
  | 'group'
  | 'permission'
  | 'repository'
  | 'securitySettings'
  | 'samlSettings'
  | 'oauthSettings'
  | 'ldapSettings'
  | 'crowdSettings'
  | 'httpSsoSettings'

/**
 * What a toast says, as a message key and its data (facts in events, wording in the view's
 * catalogue, ui/shared/messages.ts): a command or a policy never builds the sentence.
 */
export type ToastMessage =
  | { readonly key: 'notAuthorized' }
  | { readonly key: 'contactRequestSent' }
  /** `detail`: the platform's reason. */
  | { readonly key: 'navigationTypeNotSaved'; readonly detail?: string }
  | { readonly key: 'saved' | 'deleted' | 'created'; readonly subject: ToastSubject; readonly name?: string }
  | { readonly key: 'invitationSent'; readonly email: string }
  | { readonly key: 'artifactDeployed' | 'artifactDeleted'; readonly path: string; readonly repoKey: string }
  | { readonly key: 'nodeRemoved'; readonly nodeId: string; readonly serviceId: string }
  | { readonly key: 'retentionCheckFailed'; readonly detail: string }
  /** The integrations area's outcomes (spec 001 error catalogue), with the integration's key. */
  | { readonly key: IntegrationsNoticeKey; readonly integrationKey: string }

/** A toast's text an earlier build recorded as prose (only logs from before keys carry one). */
export interface RecordedToastMessage {
  readonly key: 'recorded'
  readonly text: string
}

export type ToastMessageKey = ToastMessage['key']

export interface Toast {
  readonly id: string
  readonly kind: ToastKind
  readonly message: ToastMessage | RecordedToastMessage
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
