// The security area's routes (domain/navigation/routes.ts gathers every area's).
import { admin, type RouteDef } from '../shared/routes'

export const securityRoutes: ReadonlyArray<RouteDef<'security'>> = [
  admin('security.saml', '/admin/configuration/security/saml_integration', 'Security Settings', 'security'),
  admin('security.ldap', '/admin/configuration/security/ldap', 'Security Settings', 'security'),
  admin('security.oauth', '/admin/configuration/security/oauth', 'Security Settings', 'security'),
  admin('security.crowd', '/admin/configuration/security/crowd_integration', 'Security Settings', 'security'),
  admin('security.httpsso', '/admin/configuration/security/http_sso', 'Security Settings', 'security'),
  admin('security.general', '/admin/configuration/security/general', 'Security Settings', 'security'),
  // The section's own address; its pages above are routes of their own (a pattern matches its
  // own path only, never the paths under it).
  admin('security', '/admin/configuration/security', 'Security Settings', 'security'),
]
