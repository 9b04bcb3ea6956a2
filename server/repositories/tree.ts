/**
 * One level of the artifact tree: the folders and files right under a path of one or more
 * repositories (a virtual one lists its members' content, first member first), folders
 * first, then by name, paged. Paths come from catalogue files and deployed artifacts alike;
 * the range condition lets SQLite use the (repo, path) indexes.
 */
import type { Db } from '../db'

export const TREE_PAGE_MAX = 1000

export interface TreeChild {
  readonly name: string
  readonly path: string
  readonly folder: boolean
  readonly size: number
}

export function treeChildren(
  db: Db,
  repoKeys: readonly string[],
  path: string,
  offset: number,
  limit: number,
): { children: TreeChild[]; total: number } {
  const prefix = path === '' ? '' : `${path.replace(/\/+$/, '')}/`
  const below = db.prepare(
    `SELECT path, size FROM catalog_files WHERE repo = @repo AND path >= @path AND path < @path || char(1114111)
     UNION ALL SELECT path, size FROM artifacts WHERE repo = @repo AND path >= @path AND path < @path || char(1114111)`,
  )
  const byName = new Map<string, TreeChild>()
  for (const key of repoKeys)
    for (const row of below.all({ repo: key, path: prefix }) as Array<{ path: string; size: number }>) {
      const rest = row.path.slice(prefix.length)
      const slash = rest.indexOf('/')
      const name = slash === -1 ? rest : rest.slice(0, slash)
      if (name === '' || byName.has(name)) continue
      byName.set(name, {
        name,
        path: `${prefix}${name}`,
        folder: slash !== -1,
        size: slash === -1 ? row.size : 0,
      })
    }
  const sorted = [...byName.values()].sort((a, b) =>
    a.folder !== b.folder ? (a.folder ? -1 : 1) : a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  )
  return { children: sorted.slice(offset, offset + limit), total: sorted.length }
}
