/**
 * The LDAP URL problem's words, which the platform answers with too (a refused LDAP URL): the
 * security pages' catalogue (ui/security/messages.ts) words `invalidLdapUrl` with them. A module of
 * its own, as formWords.ts is, so the platform takes them without the security rules.
 */
import { URL_MESSAGE } from '../shared/forms'

export const LDAP_URL_MESSAGE = `${URL_MESSAGE} (ldap:// or ldaps://)`
