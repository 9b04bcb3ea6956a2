/**
 * The platform's own records over the async interface: contact requests, on-prem metrics, the
 * onboarding questionnaire and personalization of each user, the web server's reverse proxies,
 * each node's licence, and the small JSON documents of the `settings` table.
 */
import { isoNow, type Clock } from '../clock'
import { placeholders, type Sql, type SqlValue } from '../db/sql'
import { forgetRead, readOnce } from '../db/onePage'

export interface ContactRow {
  id: number
  first_name: string
  last_name: string
  country: string
  email: string
  help_option: string
  optional_comment: string
  lead_source: string
  lead_source_details: string
  form_type: string
  marketo_data_key: string
  created_at: string
}

export interface LicenseRow {
  node_id: string
  type: string
  valid_through: string
  licensed_to: string
}

export type NewContact = Omit<ContactRow, 'id'> & { user_id: number | null }

export interface MetricsRow {
  id: number
  node_id: string
  frontend_version: string
  package_types: string
  services: number
  received_at: string
}

export interface ProxyRow {
  key: string
  server_name: string
  docker_reverse_proxy_method: string
  reverse_proxy_repositories: string
  use_https: number
  use_http: number
  https_port: number
  http_port: number
}

const CONTACT_COLUMNS = [
  'user_id',
  'first_name',
  'last_name',
  'country',
  'email',
  'help_option',
  'optional_comment',
  'lead_source',
  'lead_source_details',
  'form_type',
  'marketo_data_key',
  'created_at',
] as const

const PROXY_COLUMNS = [
  'key',
  'server_name',
  'docker_reverse_proxy_method',
  'reverse_proxy_repositories',
  'use_https',
  'use_http',
  'https_port',
  'http_port',
] as const

const insertProxy = (sql: Sql, row: ProxyRow) =>
  sql.run(
    `INSERT INTO reverse_proxies (${PROXY_COLUMNS.join(', ')}) VALUES (${placeholders(PROXY_COLUMNS.length)})`,
    PROXY_COLUMNS.map((c): SqlValue => row[c]),
  )

export function platformStore(sql: Sql) {
  return {
    async addContact(contact: NewContact): Promise<ContactRow> {
      return (await sql.one<ContactRow>(
        `INSERT INTO contact_requests (${CONTACT_COLUMNS.join(', ')})
         VALUES (${placeholders(CONTACT_COLUMNS.length)}) RETURNING *`,
        CONTACT_COLUMNS.map((c) => contact[c]),
      ))!
    },
    demoRequestedAt(id: number): Promise<{ created_at: string } | undefined> {
      return sql.one(
        "SELECT created_at FROM contact_requests WHERE id = ? AND help_option = 'Request a demo'",
        [id],
      )
    },
    contacts(limit: number): Promise<ContactRow[]> {
      return sql.all<ContactRow>('SELECT * FROM contact_requests ORDER BY id DESC LIMIT ?', [limit])
    },

    /** Records a report and keeps only the newest `kept`. */
    async addMetrics(row: Omit<MetricsRow, 'id'>, kept: number): Promise<MetricsRow> {
      return sql.transaction(async (tx) => {
        const added = (await tx.one<MetricsRow>(
          `INSERT INTO onprem_metrics (node_id, frontend_version, package_types, services, received_at)
           VALUES (?, ?, ?, ?, ?) RETURNING *`,
          [row.node_id, row.frontend_version, row.package_types, row.services, row.received_at],
        ))!
        await tx.run(
          'DELETE FROM onprem_metrics WHERE id NOT IN (SELECT id FROM onprem_metrics ORDER BY id DESC LIMIT ?)',
          [kept],
        )
        return added
      })
    },
    metrics(limit: number): Promise<MetricsRow[]> {
      return sql.all<MetricsRow>('SELECT * FROM onprem_metrics ORDER BY id DESC LIMIT ?', [limit])
    },

    async sawGettingStarted(userId: number): Promise<void> {
      await sql.run('UPDATE users SET has_seen_getting_started = 1 WHERE id = ?', [userId])
    },
    questionnaire(userId: number): Promise<{ data: string; updated_at: string } | undefined> {
      return sql.one('SELECT data, updated_at FROM onboarding_questionnaires WHERE user_id = ?', [userId])
    },
    async saveQuestionnaire(userId: number, data: string, at: string): Promise<void> {
      await sql.run(
        `INSERT INTO onboarding_questionnaires (user_id, data, updated_at) VALUES (?, ?, ?)
         ON CONFLICT(user_id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`,
        [userId, data, at],
      )
    },

    async personalizationSent(userId: number): Promise<boolean> {
      return (
        (await sql.one('SELECT 1 AS sent FROM user_personalization WHERE user_id = ?', [userId])) !==
        undefined
      )
    },
    async savePersonalization(
      userId: number,
      choices: { technologies: string; goal: string; artifactOnly: boolean; rtOnlyRemoved: boolean },
      at: string,
    ): Promise<void> {
      await sql.run(
        `INSERT INTO user_personalization (user_id, technologies, goal, artifact_only, rt_only_removed, sent_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT(user_id) DO UPDATE SET technologies = excluded.technologies, goal = excluded.goal,
           artifact_only = excluded.artifact_only, rt_only_removed = excluded.rt_only_removed, sent_at = excluded.sent_at`,
        [userId, choices.technologies, choices.goal, choices.artifactOnly, choices.rtOnlyRemoved, at],
      )
    },

    proxies(): Promise<ProxyRow[]> {
      return sql.all<ProxyRow>('SELECT * FROM reverse_proxies ORDER BY key')
    },
    /** The first start's proxy, when there is none yet (every node may try; one row results). */
    async seedProxy(row: ProxyRow): Promise<void> {
      await sql.transaction(async (tx) => {
        if (await tx.one('SELECT 1 AS any FROM reverse_proxies LIMIT 1')) return
        await insertProxy(tx, row)
      })
    },
    async replaceProxies(rows: readonly ProxyRow[]): Promise<void> {
      await sql.transaction(async (tx) => {
        await tx.run('DELETE FROM reverse_proxies')
        for (const row of rows) await insertProxy(tx, row)
      })
    },

    /** Every node's licence, by node. */
    licenses(): Promise<LicenseRow[]> {
      return sql.all<LicenseRow>(
        'SELECT node_id, type, valid_through, licensed_to FROM licenses ORDER BY node_id',
      )
    },
    /** This node's licence, recorded once. */
    async registerLicense(
      nodeId: string,
      type: string,
      validThrough: string,
      licensedTo: string,
    ): Promise<void> {
      await sql.run(
        `INSERT INTO licenses (node_id, type, valid_through, licensed_to) VALUES (?, ?, ?, ?)
         ON CONFLICT DO NOTHING`,
        [nodeId, type, validThrough, licensedTo],
      )
    },
  }
}

/** What a settings write needs: the database, and the time it records. */
export interface SettingsStore {
  readonly sql: Sql
  readonly clock: Clock
}

const settingKey = (key: string) => `settings:${key}`

/** The document under `key`, or `fallback`; read once while a page is made (db/onePage.ts). */
export async function readSetting<T>(sql: Sql, key: string, fallback: T): Promise<T> {
  // The text is kept, not the document: each caller gets a document of its own to change.
  const row = await readOnce(sql, settingKey(key), () =>
    sql.one<{ value: string }>('SELECT value FROM settings WHERE key = ?', [key]),
  )
  return row ? (JSON.parse(row.value) as T) : fallback
}

/** A settings document over its defaults: documents stored before newer fields get them this way. */
export async function readSettingOver<T extends object>(sql: Sql, key: string, defaults: T): Promise<T> {
  return { ...defaults, ...(await readSetting<Partial<T>>(sql, key, {})) }
}

/** Stores a document under `key`: the one writer of the settings table. */
export async function writeSetting(
  { sql, clock }: SettingsStore,
  key: string,
  value: unknown,
): Promise<void> {
  await sql.run(
    `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
     ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
    [key, JSON.stringify(value), isoNow(clock)],
  )
  forgetRead(settingKey(key))
}

/** Stores a document under `key` unless one is there: true when this call stored it (a claim). */
export async function claimSetting(
  { sql, clock }: SettingsStore,
  key: string,
  value: unknown,
): Promise<boolean> {
  const claimed = await sql.one<{ key: string }>(
    'INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING RETURNING key',
    [key, JSON.stringify(value), isoNow(clock)],
  )
  forgetRead(settingKey(key))
  return claimed !== undefined
}

export async function deleteSetting(sql: Sql, key: string): Promise<void> {
  await sql.run('DELETE FROM settings WHERE key = ?', [key])
  forgetRead(settingKey(key))
}
