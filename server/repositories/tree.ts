/**
 * One level of the artifact tree: the folders and files right under a path of one or more
 * repositories (a virtual one lists its members' content, first member first), folders
 * first, then by name, paged. Paths come from catalogue files and deployed artifacts alike
 * (the store's `filesBelow`).
 */
import type { Sql } from '../db/sql'
import { repositoryStore } from './store'

export const TREE_PAGE_MAX = 1000

export interface TreeChild {
  readonly name: string
  readonly path: string
  readonly folder: boolean
  readonly size: number
}

export async function treeChildren(
  sql: Sql,
  repoKeys: readonly string[],
  path: string,
  offset: number,
  limit: number,
  /** Per repository, the paths the caller may read (none: all): a folder shows when a file below it does. */
  readable: ReadonlyMap<string, (path: string) => boolean> = new Map(),
): Promise<{ children: TreeChild[]; total: number }> {
  const prefix = path === '' ? '' : `${path.replace(/\/+$/, '')}/`
  const store = repositoryStore(sql)
  const byName = new Map<string, TreeChild>()
  for (const key of repoKeys) {
    const visible = readable.get(key)
    for (const row of await store.filesBelow(key, prefix)) {
      if (visible && !visible(row.path)) continue
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
  }
  const sorted = [...byName.values()].sort((a, b) =>
    a.folder !== b.folder ? (a.folder ? -1 : 1) : a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  )
  return { children: sorted.slice(offset, offset + limit), total: sorted.length }
}
