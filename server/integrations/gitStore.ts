/**
 * Stored source-control integrations and the services connected to them. Tokens are kept to
 * call the vendor but never leave this module in an answer: views carry `hasToken` only.
 */
import { randomBytes } from 'node:crypto'
import type { Sql } from '../db/sql'
import { HttpError } from '../context'
import { mandatory } from '../auth/validation'
import { INTEGRATION_TYPE_GIT, VCS_SERVICES, VENDORS, type Vendor, type VcsService } from './vendors'
import { isoNow, type Clock } from '../clock'

export interface GitIntegrationInput {
  readonly integrationName: string
  readonly userName: string
  readonly url: string
  readonly vendor: Vendor
  /** Absent on update: the stored token is kept. */
  readonly token?: string
}

export interface GitIntegrationView {
  readonly integrationKey: string
  readonly integrationName: string
  readonly userName: string
  readonly url: string
  readonly vendorName: number
  readonly vendor: string
  readonly integrationType: number
  readonly hasToken: boolean
  readonly connectedServices: string[]
  readonly created: string
  readonly modified: string
}

export interface VcsConnectionView {
  readonly integration_id: string
  readonly integration_name: string
  readonly vendor: string
  readonly url: string
  readonly service: string
  readonly connected_at: string
}

interface Row {
  integration_key: string
  integration_name: string
  user_name: string
  url: string
  vendor_name: number
  integration_type: number
  token: string
  created_at: string
  updated_at: string
}

/** Said when the URL changes without a token: the stored one never goes to another address. */
export const TOKEN_FOR_NEW_URL =
  'The URL changed: enter the token again (a saved token is only sent to its own URL)'

const vendorName = (id: number) => VENDORS.find((v) => v.id === id)?.name ?? 'unknown'

const Q = {
  services: 'SELECT integration_key, service FROM vcs_connections ORDER BY service',
  servicesOf: 'SELECT service FROM vcs_connections WHERE integration_key = ? ORDER BY service',
  listOf: 'SELECT * FROM git_integrations WHERE vendor_name = ? ORDER BY created_at, integration_key',
  list: 'SELECT * FROM git_integrations ORDER BY vendor_name, created_at, integration_key',
  one: 'SELECT * FROM git_integrations WHERE integration_key = ?',
  savedUrl: 'SELECT 1 AS found FROM git_integrations WHERE url = ? LIMIT 1',
  token: 'SELECT token FROM git_integrations WHERE integration_key = ?',
  // Keys are never empty, so '' stands for "no integration to leave out".
  nameTaken: `SELECT 1 AS found FROM git_integrations WHERE vendor_name = ? AND lower(integration_name) = lower(?)
     AND integration_key <> ?`,
  insert: `INSERT INTO git_integrations (integration_key, integration_name, user_name, url, vendor_name, integration_type,
     token, created_at, updated_at, created_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  update: `UPDATE git_integrations SET integration_name = ?, user_name = ?, url = ?, token = COALESCE(?, token),
     updated_at = ? WHERE integration_key = ?`,
  delete: 'DELETE FROM git_integrations WHERE integration_key = ?',
  connections: `SELECT c.integration_key, g.integration_name, g.vendor_name, g.url, c.service, c.created_at
     FROM vcs_connections c JOIN git_integrations g USING (integration_key)
     WHERE c.service = ? ORDER BY c.created_at, c.integration_key`,
  connect: `INSERT INTO vcs_connections (integration_key, service, created_at, created_by) VALUES (?, ?, ?, ?)
     ON CONFLICT DO NOTHING`,
  disconnect: 'DELETE FROM vcs_connections WHERE integration_key = ? AND service = ?',
  selected: 'SELECT repository FROM git_repository_selections WHERE integration_key = ?',
  unselect: 'DELETE FROM git_repository_selections WHERE integration_key = ?',
  select: `INSERT INTO git_repository_selections (integration_key, repository, selected_at, selected_by) VALUES (?, ?, ?, ?)
     ON CONFLICT DO NOTHING`,
  counts: `SELECT g.vendor_name, c.service, COUNT(*) AS n FROM vcs_connections c JOIN git_integrations g USING (integration_key)
     GROUP BY g.vendor_name, c.service`,
} as const

export class GitStore {
  constructor(
    private readonly sql: Sql,
    private readonly clock: Clock,
  ) {}

  private async views(rows: readonly Row[], db: Sql = this.sql): Promise<GitIntegrationView[]> {
    const services = new Map<string, string[]>()
    const connected =
      rows.length === 1
        ? (await db.all<{ service: string }>(Q.servicesOf, [rows[0]!.integration_key])).map((r) => ({
            integration_key: rows[0]!.integration_key,
            service: r.service,
          }))
        : await db.all<{ integration_key: string; service: string }>(Q.services)
    for (const c of connected)
      services.set(c.integration_key, [...(services.get(c.integration_key) ?? []), c.service])
    return rows.map((r) => ({
      integrationKey: r.integration_key,
      integrationName: r.integration_name,
      userName: r.user_name,
      url: r.url,
      vendorName: r.vendor_name,
      vendor: vendorName(r.vendor_name),
      integrationType: r.integration_type,
      hasToken: r.token.length > 0,
      connectedServices: services.get(r.integration_key) ?? [],
      created: r.created_at,
      modified: r.updated_at,
    }))
  }

  async list(vendor?: Vendor): Promise<GitIntegrationView[]> {
    const rows = vendor ? await this.sql.all<Row>(Q.listOf, [vendor.id]) : await this.sql.all<Row>(Q.list)
    return this.views(rows)
  }

  async get(key: string, db: Sql = this.sql): Promise<GitIntegrationView | undefined> {
    const row = await db.one<Row>(Q.one, [key])
    return row && (await this.views([row], db))[0]
  }

  /** Whether an integration was saved with this API URL (exactly as given). */
  async isSavedUrl(url: string): Promise<boolean> {
    return (await this.sql.one(Q.savedUrl, [url])) !== undefined
  }

  /** The stored token, for a connection test of a saved integration. */
  async tokenOf(key: string): Promise<string | undefined> {
    return (await this.sql.one<{ token: string }>(Q.token, [key]))?.token
  }

  private async refuseTakenName(db: Sql, input: GitIntegrationInput, exceptKey = ''): Promise<void> {
    if ((await db.one(Q.nameTaken, [input.vendor.id, input.integrationName, exceptKey])) !== undefined)
      throw new HttpError(
        409,
        `A ${input.vendor.displayName} integration named ${input.integrationName} exists`,
        'CONFLICT',
      )
  }

  async create(input: GitIntegrationInput, by: string): Promise<GitIntegrationView> {
    if (!input.token) throw new HttpError(400, mandatory('token'), 'VALIDATION')
    const token = input.token
    const key = `${input.vendor.name}-${randomBytes(6).toString('hex')}`
    const now = isoNow(this.clock)
    return this.sql.transaction(async (tx) => {
      await this.refuseTakenName(tx, input)
      await tx.run(Q.insert, [
        key,
        input.integrationName,
        input.userName,
        input.url,
        input.vendor.id,
        INTEGRATION_TYPE_GIT,
        token,
        now,
        now,
        by,
      ])
      return (await this.get(key, tx))!
    })
  }

  async update(key: string, input: GitIntegrationInput): Promise<GitIntegrationView> {
    const now = isoNow(this.clock)
    return this.sql.transaction(async (tx) => {
      const current = await this.get(key, tx)
      if (!current) throw new HttpError(404, `No integration ${key}`, 'NOT_FOUND')
      if (current.vendorName !== input.vendor.id)
        throw new HttpError(400, 'vendorName cannot change; create a new integration instead', 'VALIDATION')
      await this.refuseTakenName(tx, input, key)
      // The stored token is sent only to the URL it was saved with.
      if (input.url !== current.url && !input.token)
        throw new HttpError(400, TOKEN_FOR_NEW_URL, 'TOKEN_REQUIRED')
      await tx.run(Q.update, [
        input.integrationName,
        input.userName,
        input.url,
        input.token ?? null,
        now,
        key,
      ])
      return (await this.get(key, tx))!
    })
  }

  async delete(key: string): Promise<boolean> {
    return (await this.sql.run(Q.delete, [key])).changes > 0
  }

  async connections(service: VcsService): Promise<VcsConnectionView[]> {
    const rows = await this.sql.all<{
      integration_key: string
      integration_name: string
      vendor_name: number
      url: string
      service: string
      created_at: string
    }>(Q.connections, [service])
    return rows.map((r) => ({
      integration_id: r.integration_key,
      integration_name: r.integration_name,
      vendor: vendorName(r.vendor_name),
      url: r.url,
      service: r.service,
      connected_at: r.created_at,
    }))
  }

  /** Connects a service; false when it already was. */
  async connect(key: string, service: VcsService, by: string): Promise<boolean> {
    const now = isoNow(this.clock)
    return this.sql.transaction(async (tx) => {
      if ((await tx.one(Q.one, [key])) === undefined)
        throw new HttpError(404, `No integration ${key}`, 'NOT_FOUND')
      return (await tx.run(Q.connect, [key, service, now, by])).changes > 0
    })
  }

  async disconnect(key: string, service: VcsService): Promise<boolean> {
    return (await this.sql.run(Q.disconnect, [key, service])).changes > 0
  }

  /** The repositories chosen for scanning, by full name. */
  async selectedRepositories(key: string): Promise<Set<string>> {
    return new Set((await this.sql.all<{ repository: string }>(Q.selected, [key])).map((r) => r.repository))
  }

  /** Replaces the chosen repositories with `names` (all of them the vendor's). */
  async selectRepositories(key: string, names: ReadonlyArray<string>, by: string): Promise<void> {
    const now = isoNow(this.clock)
    await this.sql.transaction(async (tx) => {
      await tx.run(Q.unselect, [key])
      for (const name of names) await tx.run(Q.select, [key, name, now, by])
    })
  }

  /** Connection counts per vendor and service, for the integration groups. */
  async connectionCounts(): Promise<Map<string, number>> {
    const rows = await this.sql.all<{ vendor_name: number; service: string; n: number }>(Q.counts)
    return new Map(rows.map((r) => [`${r.vendor_name}:${r.service}`, r.n]))
  }
}

export { VCS_SERVICES }
