/** The integrations catalogue's store: stored entries, sorted by rank (lower first), then label. */
import type { Sql } from '../db/sql'

/** Rank of an entry stored without one (the least prominent of the 1–10 scale). */
export const DEFAULT_RANK = 10

export interface ConfigureAction {
  readonly type: 'redirect' | 'action'
  readonly actionName: string
  readonly payload: Record<string, unknown>
}

export interface CatalogEntry {
  readonly id: string
  readonly label: string
  readonly icon: string
  readonly iconScale?: number
  readonly rank: number
  readonly categories: string[]
  readonly vendors: string[]
  readonly documentationLink: string
  readonly configureAction?: ConfigureAction
}

interface Row {
  id: string
  label: string
  icon: string
  icon_scale: number | null
  rank: number | null
  categories: string
  vendors: string
  documentation_link: string
  configure_action: string | null
}

export async function readCatalog(sql: Sql): Promise<CatalogEntry[]> {
  const rows = await sql.all<Row>('SELECT * FROM integration_catalog')
  return rows
    .map((r): CatalogEntry => ({
      id: r.id,
      label: r.label,
      icon: r.icon,
      ...(r.icon_scale !== null ? { iconScale: r.icon_scale } : {}),
      rank: r.rank ?? DEFAULT_RANK,
      categories: JSON.parse(r.categories) as string[],
      vendors: JSON.parse(r.vendors) as string[],
      documentationLink: r.documentation_link,
      ...(r.configure_action !== null
        ? { configureAction: JSON.parse(r.configure_action) as ConfigureAction }
        : {}),
    }))
    .sort((a, b) => a.rank - b.rank || a.label.localeCompare(b.label))
}
