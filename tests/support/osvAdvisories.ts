/**
 * An npm advisory in the OSV format (schema 1.4.0), shaped as OSV.dev and the GitHub Advisory
 * Database publish one, for the server tests that import advisories: by default every version of
 * the package is affected (introduced 0, never fixed) and the severity is LOW.
 */
import { browserHeaders, type TestServer } from './server'

export interface OsvAdvisoryOptions {
  /** The range's events, in order (default: introduced 0). */
  readonly events?: ReadonlyArray<Readonly<Record<string, string>>>
  /** `database_specific.severity`, as the GitHub Advisory Database writes it (default LOW). */
  readonly severity?: string
  readonly summary?: string
  /** When it was published and last modified (default 2026-01-01). */
  readonly modified?: string
  readonly aliases?: readonly string[]
  readonly cweIds?: readonly string[]
}

export function osvAdvisory(id: string, name: string, options: OsvAdvisoryOptions = {}) {
  const modified = options.modified ?? '2026-01-01T00:00:00Z'
  const severity = options.severity ?? 'LOW'
  return {
    schema_version: '1.4.0',
    id,
    modified,
    published: modified,
    ...(options.aliases ? { aliases: [...options.aliases] } : {}),
    summary: options.summary ?? `${name} is unsafe`,
    details: 'Test advisory',
    affected: [
      {
        package: { ecosystem: 'npm', name },
        ranges: [{ type: 'ECOSYSTEM', events: [...(options.events ?? [{ introduced: '0' }])] }],
      },
    ],
    references: [{ type: 'ADVISORY', url: `https://github.com/advisories/${id}` }],
    database_specific: options.cweIds ? { cwe_ids: [...options.cweIds], severity } : { severity },
  }
}

/**
 * Imports an export of one advisory on `name` (left-pad, every version) as an admin's uploaded
 * file, through the platform's import; answers the import record it sends back.
 */
export async function uploadAdvisoryFile(server: TestServer, cookie: string, name: string): Promise<unknown> {
  const res = await fetch(`${server.url}/ui/api/v1/xray/api/v1/advisories/import?name=${name}`, {
    method: 'POST',
    headers: { ...browserHeaders(server.url, cookie), 'content-type': 'application/octet-stream' },
    body: JSON.stringify([osvAdvisory(`GHSA-${name.replace(/\W/g, '')}`, 'left-pad')]),
  })
  if (res.status !== 200) throw new Error(`the import answered ${res.status}: ${await res.text()}`)
  return res.json()
}
