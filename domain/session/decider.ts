/**
 * The session area, whole: the login page's part (loginDecider.ts) and the account screens'
 * (accountDecider.ts). Node, replay and tests run it; the browser loads the account part
 * with the first account command (commands/browserApp.ts).
 */
import type { AppArea } from '../app'
import { decideAccount, evolveAccount } from './accountDecider'
import { decideLogin, evolveLogin, isAccountCommand, sessionLoginArea } from './loginDecider'

export const sessionArea: AppArea<'session'> = {
  ...sessionLoginArea,
  decide: (command, state, meta) =>
    isAccountCommand(command) ? decideAccount(command, state) : decideLogin(command, state, meta),
  // The two evolve disjoint sets of events.
  evolve: (slice, event) => evolveAccount(evolveLogin(slice, event), event),
}
