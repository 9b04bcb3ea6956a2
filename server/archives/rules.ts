/**
 * What an artifact search asks of a file, besides the repositories: its name, its path and its
 * checksum, each optional (a search names at least one). Both searches build their WHERE from
 * these alike; the Quick search matches the stored file's path in its repository, the Archive
 * search the file's path inside the archive, and `checksum` names the stored file (for the
 * Archive search: the archive) by its md5, sha1 or sha256. Their SQL is in store.ts.
 */
export interface FileCriteria {
  /** A part of the file's name, or a pattern with `*` and `?`. */
  readonly name?: string
  /** A part of the path, or a pattern with `*` and `?`. */
  readonly path?: string
  /** The md5, sha1 or sha256 of the stored file, in hex. */
  readonly checksum?: string
}

/** A name pattern for LIKE: `*` any run, `?` one character, the rest literal; lower-cased. */
export function likePattern(name: string): string {
  const escaped = name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)
  const pattern = escaped.replace(/\*/g, '%').replace(/\?/g, '_')
  return /[*?]/.test(name) ? pattern : `%${pattern}%`
}

/** A file checksum in hex: md5, sha1 or sha256 by its length. */
export const CHECKSUM_PATTERN = '^([0-9a-fA-F]{32}|[0-9a-fA-F]{40}|[0-9a-fA-F]{64})$'
