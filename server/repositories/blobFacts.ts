/**
 * What identifies stored bytes: their checksums and size. A module of its own so the repository
 * store (which keeps the blob rows' SQL) and the blob store (which writes the bytes) both name it
 * without importing each other.
 */
export interface BlobFacts {
  readonly sha256: string
  readonly sha1: string
  readonly md5: string
  readonly size: number
}
