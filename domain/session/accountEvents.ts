/**
 * The session area's account screens' events (password reset and change, registration,
 * invitations, profile, API key): only the account commands and their effects make them, so
 * the browser loads them with the rest of the area (accountDecider.ts), not with the login page.
 * events.ts re-exports them.
 */
import * as t from 'io-ts'
import { defineEvent } from '../shared/events'
import { FailureData, UserDataC } from './eventData'

// Passwords.
export const PasswordResetRequested = defineEvent(
  'session/PasswordResetRequested',
  t.type({ user: t.string }),
)
export const PasswordResetMailed = defineEvent('session/PasswordResetMailed', t.type({}))
export const PasswordResetRequestFailed = defineEvent('session/PasswordResetRequestFailed', FailureData)
export const ResetKeyValidationRequested = defineEvent(
  'session/ResetKeyValidationRequested',
  t.type({ keyRef: t.string }),
)
export const ResetKeyValidated = defineEvent('session/ResetKeyValidated', t.type({ user: t.string }))
export const ResetKeyRejected = defineEvent('session/ResetKeyRejected', FailureData)
export const PasswordResetSubmitted = defineEvent(
  'session/PasswordResetSubmitted',
  t.type({ user: t.string, keyRef: t.string, passwordRef: t.string }),
)
export const PasswordResetFailed = defineEvent('session/PasswordResetFailed', FailureData)
export const PasswordChangeRequested = defineEvent(
  'session/PasswordChangeRequested',
  t.type({ userName: t.string, oldPasswordRef: t.string, newPasswordRef: t.string }),
)
export const PasswordChangeFailed = defineEvent('session/PasswordChangeFailed', FailureData)

// Registration and invitations.
export const RegistrationRequested = defineEvent(
  'session/RegistrationRequested',
  t.type({ user: t.string, email: t.string, passwordRef: t.string }),
)
export const RegistrationFailed = defineEvent('session/RegistrationFailed', FailureData)
export const InvitationCheckRequested = defineEvent(
  'session/InvitationCheckRequested',
  t.type({ tokenRef: t.string }),
)
export const InvitationChecked = defineEvent('session/InvitationChecked', t.type({ email: t.string }))
export const InvitationRejected = defineEvent('session/InvitationRejected', FailureData)
export const InvitationAcceptRequested = defineEvent(
  'session/InvitationAcceptRequested',
  t.type({ user: t.string, tokenRef: t.string, passwordRef: t.string }),
)
export const InvitationAcceptFailed = defineEvent('session/InvitationAcceptFailed', FailureData)

// The user's own profile (spec 000 section 5): unlock, changes, the API key shown once.
export const ProfileUnlockRequested = defineEvent(
  'session/ProfileUnlockRequested',
  t.type({ passwordRef: t.string }),
)
export const ProfileUnlocked = defineEvent('session/ProfileUnlocked', t.type({ unlockedUntil: t.string }))
export const ProfileUnlockFailed = defineEvent('session/ProfileUnlockFailed', FailureData)
export const ProfileUpdateRequested = defineEvent(
  'session/ProfileUpdateRequested',
  t.type({ email: t.union([t.string, t.null]), newPasswordRef: t.union([t.string, t.null]) }),
)
export const ProfileUpdated = defineEvent(
  'session/ProfileUpdated',
  t.type({ user: UserDataC, passwordChanged: t.boolean }),
)
export const ProfileUpdateFailed = defineEvent('session/ProfileUpdateFailed', FailureData)
/**
 * The user whose key is asked for, with the password they confirmed it with (by reference). v1
 * had no name (its effect read it from the state): its effects ran when it was written, and
 * replay runs none, so an older one reads with none.
 */
export const ApiKeyRequested = defineEvent(
  'session/ApiKeyRequested',
  t.type({ passwordRef: t.string, userName: t.string }),
  { v: 2, upcasters: { 1: (data) => ({ ...(data as Record<string, unknown>), userName: '' }) } },
)
/** The key waits in memory by reference (never in events, the log or storage). */
export const ApiKeyRevealed = defineEvent('session/ApiKeyRevealed', t.type({ ref: t.string }))
export const ApiKeyFailed = defineEvent('session/ApiKeyFailed', FailureData)
export const ApiKeyHidden = defineEvent('session/ApiKeyHidden', t.type({}))

export const accountSessionEvents = [
  PasswordResetRequested,
  PasswordResetMailed,
  PasswordResetRequestFailed,
  ResetKeyValidationRequested,
  ResetKeyValidated,
  ResetKeyRejected,
  PasswordResetSubmitted,
  PasswordResetFailed,
  PasswordChangeRequested,
  PasswordChangeFailed,
  RegistrationRequested,
  RegistrationFailed,
  InvitationCheckRequested,
  InvitationChecked,
  InvitationRejected,
  InvitationAcceptRequested,
  InvitationAcceptFailed,
  ProfileUnlockRequested,
  ProfileUnlocked,
  ProfileUnlockFailed,
  ProfileUpdateRequested,
  ProfileUpdated,
  ProfileUpdateFailed,
  ApiKeyRequested,
  ApiKeyRevealed,
  ApiKeyFailed,
  ApiKeyHidden,
] as const
