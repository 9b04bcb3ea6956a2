/** The security area's initial state (the browser loads the area's code later; see commands/browserApp.ts). */
import type { SecurityPageState, SecurityState } from './types'

const page: SecurityPageState = {
  settings: { status: 'idle' },
  save: { status: 'idle' },
  problems: {},
  test: { status: 'idle' },
  tested: {},
}

export const initialSecurityState: SecurityState = {
  pages: { general: page, saml: page, oauth: page, ldap: page, crowd: page, httpsso: page },
}
