/**
 * Stored source-control integrations and the services connected to them. Tokens are kept to
 * call the vendor but never leave this module in an answer: views carry `hasToken` only.
 */
import { randomBytes } from 'node:crypto'
import type { Db } from '../db'
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

export class GitStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private connectedServices(key: string): string[] {
    return (
      this.db
        .prepare('SELECT service FROM vcs_connections WHERE integration_key = ? ORDER BY service')
        .all(key) as Array<{ service: string }>
    ).map((r) => r.service)
  }

  private view(r: Row): GitIntegrationView {
    return {
      integrationKey: r.integration_key,
      integrationName: r.integration_name,
      userName: r.user_name,
      url: r.url,
      vendorName: r.vendor_name,
      vendor: vendorName(r.vendor_name),
      integrationType: r.integration_type,
      hasToken: r.token.length > 0,
      connectedServices: this.connectedServices(r.integration_key),
      created: r.created_at,
      modified: r.updated_at,
    }
  }

  list(vendor?: Vendor): GitIntegrationView[] {
    const rows = (
      vendor
        ? this.db
            .prepare(
              'SELECT * FROM git_integrations WHERE vendor_name = ? ORDER BY created_at, integration_key',
            )
            .all(vendor.id)
        : this.db
            .prepare('SELECT * FROM git_integrations ORDER BY vendor_name, created_at, integration_key')
            .all()
    ) as Row[]
    return rows.map((r) => this.view(r))
  }

  get(key: string): GitIntegrationView | undefined {
    const row = this.db.prepare('SELECT * FROM git_integrations WHERE integration_key = ?').get(key) as
      Row | undefined
    return row && this.view(row)
  }

  /** Whether an integration was saved with this API URL (exactly as given). */
  isSavedUrl(url: string): boolean {
    return this.db.prepare('SELECT 1 FROM git_integrations WHERE url = ? LIMIT 1').get(url) !== undefined
  }

  /** The stored token, for a connection test of a saved integration. */
  tokenOf(key: string): string | undefined {
    return (
      this.db.prepare('SELECT token FROM git_integrations WHERE integration_key = ?').get(key) as
        { token: string } | undefined
    )?.token
  }

  private nameTaken(input: GitIntegrationInput, exceptKey?: string): boolean {
    return (
      this.db
        .prepare(
          'SELECT 1 FROM git_integrations WHERE vendor_name = ? AND integration_name = ? COLLATE NOCASE AND integration_key IS NOT ?',
        )
        .get(input.vendor.id, input.integrationName, exceptKey ?? null) !== undefined
    )
  }

  create(input: GitIntegrationInput, by: string): GitIntegrationView {
    if (!input.token) throw new HttpError(400, mandatory('token'), 'VALIDATION')
    const key = `${input.vendor.name}-${randomBytes(6).toString('hex')}`
    const now = isoNow(this.clock)
    const insert = this.db.transaction(() => {
      if (this.nameTaken(input))
        throw new HttpError(
          409,
          `A ${input.vendor.displayName} integration named ${input.integrationName} exists`,
          'CONFLICT',
        )
      this.db
        .prepare(
          `INSERT INTO git_integrations (integration_key, integration_name, user_name, url, vendor_name, integration_type,
             token, created_at, updated_at, created_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          key,
          input.integrationName,
          input.userName,
          input.url,
          input.vendor.id,
          INTEGRATION_TYPE_GIT,
          input.token,
          now,
          now,
          by,
        )
    })
    insert.immediate()
    return this.get(key) as GitIntegrationView
  }

  update(key: string, input: GitIntegrationInput): GitIntegrationView {
    const change = this.db.transaction(() => {
      const current = this.get(key)
      if (!current) throw new HttpError(404, `No integration ${key}`, 'NOT_FOUND')
      if (current.vendorName !== input.vendor.id)
        throw new HttpError(400, 'vendorName cannot change; create a new integration instead', 'VALIDATION')
      if (this.nameTaken(input, key))
        throw new HttpError(
          409,
          `A ${input.vendor.displayName} integration named ${input.integrationName} exists`,
          'CONFLICT',
        )
      // The stored token is sent only to the URL it was saved with.
      if (input.url !== current.url && !input.token)
        throw new HttpError(400, TOKEN_FOR_NEW_URL, 'TOKEN_REQUIRED')
      this.db
        .prepare(
          `UPDATE git_integrations SET integration_name = ?, user_name = ?, url = ?, token = COALESCE(?, token),
             updated_at = ? WHERE integration_key = ?`,
        )
        .run(input.integrationName, input.userName, input.url, input.token ?? null, isoNow(this.clock), key)
    })
    change.immediate()
    return this.get(key) as GitIntegrationView
  }

  delete(key: string): boolean {
    return this.db.prepare('DELETE FROM git_integrations WHERE integration_key = ?').run(key).changes > 0
  }

  connections(service: VcsService): VcsConnectionView[] {
    return (
      this.db
        .prepare(
          `SELECT c.integration_key, g.integration_name, g.vendor_name, g.url, c.service, c.created_at
           FROM vcs_connections c JOIN git_integrations g USING (integration_key)
           WHERE c.service = ? ORDER BY c.created_at, c.integration_key`,
        )
        .all(service) as Array<{
        integration_key: string
        integration_name: string
        vendor_name: number
        url: string
        service: string
        created_at: string
      }>
    ).map((r) => ({
      integration_id: r.integration_key,
      integration_name: r.integration_name,
      vendor: vendorName(r.vendor_name),
      url: r.url,
      service: r.service,
      connected_at: r.created_at,
    }))
  }

  /** Connects a service; false when it already was. */
  connect(key: string, service: VcsService, by: string): boolean {
    if (!this.get(key)) throw new HttpError(404, `No integration ${key}`, 'NOT_FOUND')
    return (
      this.db
        .prepare(
          'INSERT OR IGNORE INTO vcs_connections (integration_key, service, created_at, created_by) VALUES (?, ?, ?, ?)',
        )
        .run(key, service, isoNow(this.clock), by).changes > 0
    )
  }

  disconnect(key: string, service: VcsService): boolean {
    return (
      this.db
        .prepare('DELETE FROM vcs_connections WHERE integration_key = ? AND service = ?')
        .run(key, service).changes > 0
    )
  }

  /** The repositories chosen for scanning, by full name. */
  selectedRepositories(key: string): Set<string> {
    return new Set(
      (
        this.db
          .prepare('SELECT repository FROM git_repository_selections WHERE integration_key = ?')
          .all(key) as Array<{ repository: string }>
      ).map((r) => r.repository),
    )
  }

  /** Replaces the chosen repositories with `names` (all of them the vendor's). */
  selectRepositories(key: string, names: ReadonlyArray<string>, by: string): void {
    const now = isoNow(this.clock)
    const replace = this.db.transaction(() => {
      this.db.prepare('DELETE FROM git_repository_selections WHERE integration_key = ?').run(key)
      const insert = this.db.prepare(
        'INSERT OR IGNORE INTO git_repository_selections (integration_key, repository, selected_at, selected_by) VALUES (?, ?, ?, ?)',
      )
      for (const name of names) insert.run(key, name, now, by)
    })
    replace.immediate()
  }

  /** Connection counts per vendor and service, for the integration groups. */
  connectionCounts(): Map<string, number> {
    const rows = this.db
      .prepare(
        `SELECT g.vendor_name, c.service, COUNT(*) AS n FROM vcs_connections c JOIN git_integrations g USING (integration_key)
         GROUP BY g.vendor_name, c.service`,
      )
      .all() as Array<{ vendor_name: number; service: string; n: number }>
    return new Map(rows.map((r) => [`${r.vendor_name}:${r.service}`, r.n]))
  }
}

export { VCS_SERVICES }
