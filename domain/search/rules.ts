/**
 * Pure search rules (spec 001 sections 2, 4, 5): the search-bar text, trailing wildcards,
 * search-type changes, recent searches, the archive fallback, sort directions, the search
 * button and the legacy package-search mapping.
 */
import { DEFAULT_SEARCH_MODEL, type ArtifactsSearchType, type SearchModel } from './model'

/** What the search bar's text means: free words (the name) and known `key:value` fields. */
export interface ParsedSearchText {
  readonly name: string
  readonly fields: Readonly<Record<string, string>>
}

const QUOTE = 0x22
const COLON = 0x3a

// Space, tab, newline, vertical tab, form feed, carriage return separate tokens.
function isSeparator(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d)
}

function setField<V>(fields: Record<string, V>, key: string, value: V): void {
  // A plain assignment to `__proto__` would change the prototype instead of adding a field.
  if (key === '__proto__') {
    Object.defineProperty(fields, key, { value, enumerable: true, writable: true, configurable: true })
  } else {
    fields[key] = value
  }
}

// Compares in place, so tokens that are not fields cost no key string.
function knownKeyAt(
  text: string,
  start: number,
  end: number,
  knownKeys: ReadonlyArray<string>,
): string | undefined {
  const length = end - start
  for (let k = 0; k < knownKeys.length; k++) {
    const key = knownKeys[k]!
    if (key.length === length && text.startsWith(key, start)) return key
  }
  return undefined
}

/**
 * Splits on whitespace; double quotes group words (and may start mid-token, as in
 * `repo:"a b"`); a token is a field when the text before its first colon is unquoted and a
 * known key; every other token is part of the name, joined by single spaces. An unclosed
 * quote runs to the end. Hand-written scanner: this runs on every keystroke.
 */
export function parseSearchText(text: string, knownKeys: ReadonlyArray<string>): ParsedSearchText {
  const fields: Record<string, string> = {}
  let name = ''
  const n = text.length
  let i = 0
  while (i < n) {
    if (isSeparator(text.charCodeAt(i))) {
      i++
      continue
    }
    const start = i
    let firstColon = -1
    let quoted = false
    let acc = ''
    let runStart = i
    while (i < n) {
      const c = text.charCodeAt(i)
      if (c === QUOTE) {
        quoted = true
        acc += text.slice(runStart, i)
        const close = text.indexOf('"', i + 1)
        const end = close < 0 ? n : close
        acc += text.slice(i + 1, end)
        i = close < 0 ? n : close + 1
        runStart = i
        continue
      }
      if (isSeparator(c)) break
      if (c === COLON && firstColon < 0 && !quoted) firstColon = i
      i++
    }
    const token = quoted ? acc + text.slice(runStart, i) : text.slice(start, i)
    if (firstColon > start) {
      const key = knownKeyAt(text, start, firstColon, knownKeys)
      if (key !== undefined) {
        setField(fields, key, token.slice(firstColon - start + 1))
        continue
      }
    }
    if (token !== '') name = name === '' ? token : name + ' ' + token
  }
  return { name, fields }
}

function needsQuotes(s: string, colonMatters: boolean): boolean {
  if (s === '') return true
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (isSeparator(c) || c === QUOTE || (colonMatters && c === COLON)) return true
  }
  return false
}

/**
 * The text that parses back to `parsed`: the name first (quoted when it has spaces or a colon
 * that could read as a field), then each field as `key:value` (value quoted when needed).
 * Well-formed input has no double quotes in the name or values and known keys without
 * whitespace, colons or quotes.
 */
export function printSearchText(parsed: ParsedSearchText): string {
  let out = parsed.name === '' ? '' : needsQuotes(parsed.name, true) ? `"${parsed.name}"` : parsed.name
  for (const key of Object.keys(parsed.fields)) {
    const value = parsed.fields[key] ?? ''
    const item = needsQuotes(value, false) ? `${key}:"${value}"` : `${key}:${value}`
    out = out === '' ? item : out + ' ' + item
  }
  return out
}

const FILE_CHECKSUM = /^(?:[0-9a-f]{32}|[0-9a-f]{40}|[0-9a-f]{64})$/i

/** A file's md5, sha1 or sha256 in hex (32, 40 or 64 digits): what a checksum search takes. */
export function isFileChecksum(text: string): boolean {
  return FILE_CHECKSUM.test(text)
}

/** Package and version name filters match as prefixes: `*` is appended unless present. */
export function withTrailingWildcard(name: string): string {
  return name.endsWith('*') ? name : name + '*'
}

/** Changing the search type resets the model but keeps the name. */
export function searchModelForTypeChange(model: SearchModel): SearchModel {
  return { ...DEFAULT_SEARCH_MODEL, name: model.name }
}

/** Without archive search, an Archive search runs as Quick. */
export function effectiveArtifactsSearchType(
  type: ArtifactsSearchType,
  archiveEnabled: boolean,
): ArtifactsSearchType {
  return type === 'Archive' && !archiveEnabled ? 'Quick' : type
}

export function withArchiveAvailability(model: SearchModel, archiveEnabled: boolean): SearchModel {
  const type = effectiveArtifactsSearchType(model.artifactsSearchType, archiveEnabled)
  return type === model.artifactsSearchType ? model : { ...model, artifactsSearchType: type }
}

/** A search type's own rule: (query, admin-or-tour permission, model) → disabled. */
export type SearchDisabledRule = (query: string, permitted: boolean, model: SearchModel) => boolean

/** Disabled when the query text is empty, unless the search type defines its own rule. */
export function isSearchButtonDisabled(input: {
  readonly query: string
  readonly permitted: boolean
  readonly model: SearchModel
  readonly rule?: SearchDisabledRule
}): boolean {
  if (input.rule) return input.rule(input.query, input.permitted, input.model)
  return input.query.trim() === ''
}

/** How many recent searches are kept per user. */
export const RECENT_SEARCHES_CAP = 10

/** Recent searches of signed-out visitors are kept under this name. */
export const ANONYMOUS_USER = 'anonymous'

export interface RecentSearch {
  /** A short id chosen by the caller (the domain has no randomness). */
  readonly id: string
  readonly type: string
  readonly queryString: string
  readonly searchModel: SearchModel
  readonly context?: string
}

export type RecentSearchesByUser = Readonly<Record<string, ReadonlyArray<RecentSearch>>>

export function recentSearchesOwner(username: string | null | undefined): string {
  return typeof username === 'string' && username !== '' ? username : ANONYMOUS_USER
}

function listOf(byUser: RecentSearchesByUser, owner: string): ReadonlyArray<RecentSearch> {
  return Object.prototype.hasOwnProperty.call(byUser, owner) ? (byUser[owner] ?? []) : []
}

/** Puts the search first for its user, dropping an identical earlier one (same type and query), capped. */
export function addRecentSearch(
  byUser: RecentSearchesByUser,
  username: string | null | undefined,
  entry: RecentSearch,
): RecentSearchesByUser {
  const owner = recentSearchesOwner(username)
  const kept = listOf(byUser, owner).filter(
    (r) => !(r.type === entry.type && r.queryString === entry.queryString),
  )
  // A computed key defines an own property even for `__proto__`.
  return { ...byUser, [owner]: [entry, ...kept].slice(0, RECENT_SEARCHES_CAP) }
}

/** The user's recent searches to show; Archive ones are hidden when archive search is off. */
export function visibleRecentSearches(
  byUser: RecentSearchesByUser,
  username: string | null | undefined,
  options: { readonly archiveEnabled: boolean },
): ReadonlyArray<RecentSearch> {
  const list = listOf(byUser, recentSearchesOwner(username))
  return options.archiveEnabled ? list : list.filter((r) => r.searchModel.artifactsSearchType !== 'Archive')
}

/** The severity filter asks for at least one finding of each chosen level. */
export function severityMinimums(severities: ReadonlyArray<string>): Readonly<Record<string, number>> {
  const out: Record<string, number> = {}
  for (const s of severities) setField(out, s, 1)
  return out
}

/** The package search of the legacy browser, as the form holds it. */
export interface LegacyPackageSearchForm {
  readonly name: string
  readonly description?: string
  /** A package type, or 'All'. */
  readonly packageType: string
  readonly repos: ReadonlyArray<string>
}

export interface LegacyPackageSearch {
  readonly name: string
  /** Null when the form has no description (no filter). */
  readonly description: string | null
  readonly package_type: string
  readonly repos: ReadonlyArray<string> | null
  readonly versionCountMin: 1
}

/** Lowercased name, description wrapped in wildcards, All → '*', no repos → null, versionCountMin 1. */
export function legacyPackageSearch(form: LegacyPackageSearchForm): LegacyPackageSearch {
  const d = form.description ?? ''
  return {
    name: form.name.toLowerCase(),
    description: d === '' ? null : (d.startsWith('*') ? '' : '*') + d + (d.endsWith('*') ? '' : '*'),
    package_type: form.packageType.toLowerCase() === 'all' ? '*' : form.packageType,
    repos: form.repos.length === 0 ? null : form.repos,
    versionCountMin: 1,
  }
}
