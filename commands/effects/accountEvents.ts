/**
 * The session events that start the account screens' requests (password reset and change,
 * registration, invitations, profile, API key): their effects (account.ts) load with the first of
 * them, so the login page does not carry them (its manifest, ui/session/manifest.ts). A pattern rather than a list
 * of the eleven types: the login page's first load has no other use for their names (a unit
 * test checks that it matches exactly those, tests/unit/partlyLoadedArea.test.ts).
 */
const ACCOUNT_REQUEST =
  /^session\/(PasswordReset|ResetKey|PasswordChange|Registration|Invitation|Profile|ApiKey)\w*(Requested|Submitted|Hidden)$/

export const isAccountEvent = (type: string): boolean => ACCOUNT_REQUEST.test(type)
