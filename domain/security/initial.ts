/** The security area's initial state (the browser loads the area's code later; see commands/browserApp.ts). */
import type { SecurityPage, SecurityPageState, SecurityState } from './types'

/** A page nothing has happened on yet. */
export const untouchedSecurityPage: SecurityPageState = {
  settings: { status: 'idle' },
  save: { status: 'idle' },
  problems: {},
  test: { status: 'idle' },
  tested: {},
}

export const initialSecurityState: SecurityState = {
  pages: {
    general: untouchedSecurityPage,
    saml: untouchedSecurityPage,
    oauth: untouchedSecurityPage,
    ldap: untouchedSecurityPage,
    crowd: untouchedSecurityPage,
  },
}

/** A page's state, untouched when nothing has happened on it yet. */
export function securityPage(slice: SecurityState, page: SecurityPage): SecurityPageState {
  return slice.pages[page] ?? untouchedSecurityPage
}
