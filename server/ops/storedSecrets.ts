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

export interface StoredSecret {
  /** What it is, as the API documentation names it. */
  readonly what: string
  /** Its stored values; empty ones are left for the caller to drop. */
  read(sql: Sql): Promise<ReadonlyArray<string | undefined>>
}

export const STORED_SECRETS: readonly StoredSecret[] = [
  { what: 'git integration tokens', read: (sql) => opsStore(sql).integrationTokens() },
  {
    what: "remote repositories' upstream passwords and tokens",
    read: (sql) => remoteStore(sql).storedSecrets(),
  },
  {
    what: 'the OpenID Connect client secret',
    read: async (sql) => [(await readOidcSettings(sql)).clientSecret],
  },
  { what: 'the LDAP manager password', read: async (sql) => [(await readLdap(sql)).managerPassword] },
  {
    what: 'the Crowd application password',
    read: async (sql) => [(await readCrowd({ sql })).applicationPassword],
  },
  { what: "proxies' passwords", read: (sql) => proxiesStore(sql).passwords() },
  { what: 'the cluster node key', read: async (sql) => [await opsStore(sql).storedNodeKey()] },
  { what: "users' API keys and authenticator secrets", read: (sql) => userRecords(sql).storedSecrets() },
]

/** The values of every stored secret, empty ones left out. */
export async function storedSecretValues(sql: Sql): Promise<string[]> {
  const values = await Promise.all(STORED_SECRETS.map((s) => s.read(sql)))
  return values.flat().filter((v): v is string => !!v)
}
