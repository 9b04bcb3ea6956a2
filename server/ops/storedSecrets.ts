/**
 * Every kind of secret the platform keeps in its database, in one list: a support bundle reads
 * each to replace its values wherever they appear. Reading never creates a secret (the node key
 * is read as stored, not made when missing).
 */
import type { Sql } from '../db/sql'
import { proxiesStore } from '../admin/proxiesStore'
import { readLdap } from '../admin/securityRoutes'
import { userRecords } from '../auth/store'
import { remoteStore } from '../remote/store'
import { readCrowd } from '../sso/directoryLogins'
import { readOidcSettings } from '../sso/oidcSettings'
import { opsStore } from './store'

/** Reads one kind of stored secret: its values, empty ones left for the caller to drop. */
type StoredSecret = (sql: Sql) => Promise<ReadonlyArray<string | undefined>>

const STORED_SECRETS: readonly StoredSecret[] = [
  // Git integration tokens.
  (sql) => opsStore(sql).integrationTokens(),
  // Remote repositories' upstream passwords and tokens.
  (sql) => remoteStore(sql).storedSecrets(),
  // The OpenID Connect client secret.
  async (sql) => [(await readOidcSettings(sql)).clientSecret],
  // The LDAP manager password.
  async (sql) => [(await readLdap(sql)).managerPassword],
  // The Crowd application password.
  async (sql) => [(await readCrowd({ sql })).applicationPassword],
  // Proxies' passwords.
  (sql) => proxiesStore(sql).passwords(),
  // The cluster's node key, as stored (none made).
  async (sql) => [await opsStore(sql).storedNodeKey()],
  // Users' API keys and authenticator secrets.
  (sql) => userRecords(sql).storedSecrets(),
]

/** The values of every stored secret, empty ones left out. */
export async function storedSecretValues(sql: Sql): Promise<string[]> {
  const values = await Promise.all(STORED_SECRETS.map((read) => read(sql)))
  return values.flat().filter((v): v is string => !!v)
}
