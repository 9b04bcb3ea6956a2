/**
 * Package documents as npm is answered them (the members' documents merged, the tarball
 * addresses rewritten to this platform, serialised), kept by what they are built from, so a
 * warm install's document costs a lookup instead of a merge, a rewrite and a serialisation of
 * every version.
 *
 * An entry is named by its stamp: the stamps of what each member holds (a local member's
 * version and tag rows, a remote's stored document) and the base URL. The caller reads those
 * (small reads) on every request, so a publish, a deprecation, a refreshed upstream document or
 * another node's write changes the stamp and the document is built again: the database stays
 * the one truth.
 */
import { createHash } from 'node:crypto'
import { documentMemory } from '../remote/documentMemory'

/** Built documents kept in memory, by their text's size. */
export const BUILT_DOCUMENT_BYTES = 32 * 1024 * 1024

export interface BuiltDocument {
  readonly text: string
  /** A strong validator of `text`: npm's cache sends it back in If-None-Match. */
  readonly etag: string
}

export const etagOf = (text: string) =>
  `"${createHash('sha256').update(text).digest('base64url').slice(0, 32)}"`

/** Whether an If-None-Match header names `etag` (or any, `*`): the client's copy is current. */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t === etag || t === `W/${etag}`
  })
}

export function builtDocuments(limitBytes: number = BUILT_DOCUMENT_BYTES) {
  const memory = documentMemory<BuiltDocument>(limitBytes)
  // A parsed document a remote keeps is shared and frozen until its row changes: its identity
  // stands for its row's stamp. One parsed again (not kept) is a new object, so it is built again.
  const identities = new WeakMap<object, number>()
  let next = 0
  return {
    /** A name for `doc` that lasts as long as the object does. */
    identity(doc: object): string {
      let id = identities.get(doc)
      if (id === undefined) {
        id = ++next
        identities.set(doc, id)
      }
      return `#${id}`
    },
    /** The document kept as `key` if it was built from `stamp`, else built now and kept. */
    async answer(key: string, stamp: string, build: () => Promise<string>): Promise<BuiltDocument> {
      const kept = memory.get(key, stamp)
      if (kept) return kept
      const text = await build()
      const built = { text, etag: etagOf(text) }
      memory.set(key, stamp, built, text.length)
      return built
    },
  }
}

export type BuiltDocuments = ReturnType<typeof builtDocuments>
