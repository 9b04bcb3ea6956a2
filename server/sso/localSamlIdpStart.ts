import type { ServerConfig } from '../config'
import { ssoStore } from './store'
import type { Sql } from '../db/sql'
import { readGeneralConfig, writeGeneralConfig } from '../admin/generalConfig'
import { LOCAL_IDP_USERS } from './localIdpUsers'
import { readSamlSettings, writeSamlSettings } from './samlSettings'
import { isoNow, systemClock } from '../clock'

const DEFAULT_IDP_PORT = 8090

/**
 * `IDP=saml npm start`: the primary process runs the local SAML IdP beside the platform (a new
 * signing certificate each start) and points the platform's SAML settings at it, with the
 * base URL set to this machine's address when none is.
 */
export async function startLocalSamlIdpFor(
  config: ServerConfig,
  sql: Sql,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ readonly banner: string }> {
  const port = Number(env.IDP_PORT ?? DEFAULT_IDP_PORT)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`IDP_PORT must be a port number; got ${env.IDP_PORT}`)
  const { startLocalSamlIdp } = await import('./localSamlIdp')
  // The service provider's addresses come from the base URL only: without one, this machine's.
  const general = await readGeneralConfig(sql, config)
  const origin = general.baseUrl ? new URL(general.baseUrl).origin : `http://127.0.0.1:${config.port}`
  if (!general.baseUrl) await writeGeneralConfig({ sql, clock: systemClock }, { ...general, baseUrl: origin })
  const sso = (rest: string) => `${origin}/ui/api/v1/ui/auth/sso/saml${rest}`
  const spEntityId = sso('/metadata')
  const idp = await startLocalSamlIdp({
    port,
    spEntityId,
    acsUrls: [sso('/acs')],
    spSloUrl: sso('/slo'),
  })
  await writeSamlSettings(
    { sql, clock: systemClock },
    {
      ...(await readSamlSettings(sql)),
      enabled: true,
      providerName: 'Local SAML IdP',
      idpSsoUrl: idp.ssoUrl,
      idpSloUrl: idp.sloUrl,
      idpIssuer: idp.entityId,
      idpCertificate: idp.certificate,
      spEntityId,
    },
  )
  await ssoStore(sql).ensureGroups(
    new Set(LOCAL_IDP_USERS.flatMap((u) => u.groups)),
    'Asserted by the local identity provider',
    isoNow(systemClock),
  )
  const users = LOCAL_IDP_USERS.map(
    (u) => `  ${u.username} / ${u.password}   (groups: ${u.groups.join(', ')})`,
  )
  return {
    banner: [
      `Local SAML IdP: ${idp.ssoUrl} (IDP=saml); "Local SAML IdP" on the login page signs in as`,
      ...users,
    ].join('\n'),
  }
}
