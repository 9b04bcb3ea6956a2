/**
 * The search bar's text and the model it stands for, both ways. A module of its own: the bar
 * (a view) needs these, and the decider loads only with the area's first command.
 */
import { isFileChecksum, parseSearchText, printSearchText } from './rules'
import { DEFAULT_SEARCH_MODEL, type SearchModel } from './model'
import type { SearchTypeDef } from './searchTypes'

/**
 * The bar text applied to a model: free words are the name, known `key:value` words fill fields.
 * Where the type searches by checksum, a name that is a bare file checksum is one.
 */
export function modelFromText(text: string, def: SearchTypeDef, base: SearchModel): SearchModel {
  const parsed = parseSearchText(text, Object.keys(def.fieldKeys))
  const out: Record<string, unknown> = { ...base, name: parsed.name }
  for (const [key, value] of Object.entries(parsed.fields)) {
    const field = def.fieldKeys[key]
    if (!field) continue
    const current = out[field]
    if (Array.isArray(current)) {
      const added = value
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== '')
      out[field] = [...new Set([...(current as string[]), ...added])]
    } else {
      out[field] = field === 'before' || field === 'after' ? value || null : value
    }
  }
  const checksums = Object.values(def.fieldKeys).includes('checksum')
  if (checksums && out.checksum === undefined && isFileChecksum(parsed.name)) {
    out.checksum = parsed.name
    out.name = ''
  }
  if (typeof out.checksum === 'string' && out.checksum !== '') out.isChecksum = true
  return out as unknown as SearchModel
}

/**
 * What the bar shows for a model of a type: its name (quoted when it has spaces) and every
 * filter the type's `key:value` words can say, so the text is the whole search and a filter
 * deleted from the text is gone from the next run.
 */
export function textOfModel(model: SearchModel, def?: SearchTypeDef): string {
  const fields: Record<string, string> = {}
  for (const [key, field] of Object.entries(def?.fieldKeys ?? {})) {
    const value: unknown = model[field]
    const text = Array.isArray(value) ? value.join(',') : typeof value === 'string' ? value : ''
    if (text !== '') fields[key] = text
  }
  return printSearchText({ name: model.name, fields })
}

/** What a model keeps that the bar text never says: the list's sort and the archive choice. */
const untyped = (model: SearchModel): SearchModel => ({
  ...DEFAULT_SEARCH_MODEL,
  sortBy: model.sortBy,
  sortType: model.sortType,
  artifactsSearchType: model.artifactsSearchType,
})

/** The model the bar's text runs as: the text's name and filters, over the list's sort and archive choice. */
export const modelOfBarText = (text: string, def: SearchTypeDef, last: SearchModel): SearchModel =>
  modelFromText(text, def, untyped(last))
