/**
 * The session area, whole: the login page's part (loginDecider.ts) and the account screens'
 * (accountDecider.ts, where the two are put together). Node, replay and tests run it; the
 * browser loads the account part with the first account command (commands/browserApp.ts).
 */
export { sessionArea } from './accountDecider'
