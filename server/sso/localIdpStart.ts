/**
 * `IDP=oidc npm start`: the primary process runs the local OpenID provider beside the platform
 * and points the platform's OpenID Connect settings at it (a fresh client secret each start),
 * so single sign-on can be tried with two commands. The groups its users claim are created
 * when missing, so the group mapping shows.
 */
import { ssoStore } from './store'
import { randomBytes } from 'node:crypto'
import type { ServerConfig } from '../config'
import type { Sql } from '../db/sql'
import { LOCAL_IDP_USERS, startLocalOidcProvider, type LocalOidcProvider } from './localOidcProvider'
import { readOidcSettings, writeOidcSettings } from './oidcSettings'
import { isoNow, systemClock } from '../clock'

export const LOCAL_IDP_CLIENT_ID = 'platform-console'
const DEFAULT_IDP_PORT = 8090

export async function startLocalIdpFor(
  config: ServerConfig,
  sql: Sql,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ readonly provider: LocalOidcProvider; readonly banner: string }> {
  const port = Number(env.IDP_PORT ?? DEFAULT_IDP_PORT)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`IDP_PORT must be a port number; got ${env.IDP_PORT}`)
  const origins = [`http://127.0.0.1:${config.port}`, `http://localhost:${config.port}`]
  const clientSecret = randomBytes(24).toString('base64url')
  const provider = await startLocalOidcProvider({
    port,
    clientId: LOCAL_IDP_CLIENT_ID,
    clientSecret,
    redirectUris: origins.map((o) => `${o}/ui/api/v1/ui/auth/sso/oidc/callback`),
    postLogoutRedirectUris: origins.map((o) => `${o}/ui/login`),
  })
  await writeOidcSettings(
    { sql, clock: systemClock },
    {
      ...(await readOidcSettings(sql)),
      enabled: true,
      providerName: 'Local IdP',
      issuerUrl: provider.issuer,
      clientId: LOCAL_IDP_CLIENT_ID,
      clientSecret,
    },
  )
  await ssoStore(sql).ensureGroups(
    new Set(LOCAL_IDP_USERS.flatMap((u) => u.groups)),
    'Claimed by the local identity provider',
    isoNow(systemClock),
  )
  const users = LOCAL_IDP_USERS.map(
    (u) => `  ${u.username} / ${u.password}   (groups: ${u.groups.join(', ')})`,
  )
  const banner = [
    `Local OpenID provider: ${provider.issuer} (IDP=oidc); "Local IdP" on the login page signs in as`,
    ...users,
  ].join('\n')
  return { provider, banner }
}
