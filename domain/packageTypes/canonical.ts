/** Canonical package types: the aliases of the specification, apart from the rest of rules.ts. */

/** Aliases of the specification, to their canonical type. */
export const ALIASES: Readonly<Record<string, string>> = {
  golang: 'go',
  gav: 'maven',
  deb: 'debian',
  rubygems: 'gems',
  terraformmodule: 'terraform',
  terraformprovider: 'terraform',
  huggingfaceml: 'huggingfacemlmodel',
  hfdataset: 'huggingfacemldataset',
  frogml: 'frogmlmodel',
}

/** The table's own entry (never an inherited property such as `constructor`). */
export function own<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined
}

/** Lowercased, trimmed and with aliases resolved; canonical types map to themselves. */
export function canonicalPackageType(t: string): string {
  const lower = t.trim().toLowerCase()
  return own(ALIASES, lower) ?? lower
}
