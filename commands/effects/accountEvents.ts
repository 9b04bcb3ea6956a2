/**
 * The session events that start the account screens' requests (password reset, change,
 * registration, invitations, profile, API key): their effects (account.ts) load with the first of them,
 * so the login page does not carry them (effects/browser.ts).
 */
export const ACCOUNT_EVENTS: ReadonlySet<string> = new Set([
  'session/PasswordResetRequested',
  'session/ResetKeyValidationRequested',
  'session/PasswordResetSubmitted',
  'session/PasswordChangeRequested',
  'session/RegistrationRequested',
  'session/InvitationCheckRequested',
  'session/InvitationAcceptRequested',
  'session/ProfileUnlockRequested',
  'session/ProfileUpdateRequested',
  'session/ApiKeyRequested',
  'session/ApiKeyHidden',
])

export const isAccountEvent = (type: string): boolean => ACCOUNT_EVENTS.has(type)
