/**
 * The body of `npm publish`, read as it arrives: a JSON document whose one attachment holds the
 * tarball in base64. The document is parsed as the bytes come (jsonStream.ts) and the
 * attachment's string is decoded chunk by chunk straight into a staged blob, hashed as it goes,
 * so a publish holds the document and a few chunks in memory, never the tarball. Everything the
 * publish checks afterwards (names, versions, checksums, the tarball's contents) reads the
 * document and the staged copy.
 */
import { createHash } from 'node:crypto'
import { once } from 'node:events'
import { PassThrough } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'
import { HttpError } from '../context'
import { TooLarge, type BlobStore, type StagedBlob } from '../repositories/blobs'
import { HANDED_OVER, JsonRefused, jsonStream, type JsonPath, type StringSink } from './jsonStream'
import { inWords } from './sizes'

export { HANDED_OVER }

export interface PublishLimits {
  /** The whole body as sent (after any Content-Encoding is undone). */
  readonly bodyBytes: number
  /** The document without its tarball, in characters. */
  readonly documentChars: number
}

export interface PublishBody {
  /** The document; the tarball's `data` reads HANDED_OVER. */
  readonly document: unknown
  /** The attachment decoded and staged; the caller commits or discards it. */
  readonly tarball?: { readonly staged: StagedBlob; readonly sha512: string }
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

const notBase64 = () => new HttpError(400, 'The tarball is not base64 data', 'BAD_TARBALL')
const onlyOne = () => new HttpError(400, 'Publish exactly one version with its tarball', 'BAD_REQUEST')
/** npm sends the tarball in base64 inside the document: what a user can act on is the tarball's size. */
export const bodyTooLarge = (limit: number) =>
  new HttpError(
    413,
    `The package is too large to publish here: npm sends at most ${inWords(limit)} (a tarball of about ${inWords((limit * 3) / 4)})`,
    'TOO_LARGE',
  )

/** Decodes base64 text as it comes, whole quads at a time, into `out`; strict (npm sends it plain). */
function base64Decoder(out: PassThrough, sha512: ReturnType<typeof createHash>): StringSink {
  let pending = ''
  let padded = false
  const emit = (quads: string) => {
    if (quads === '') return
    const bytes = Buffer.from(quads, 'base64')
    sha512.update(bytes)
    out.write(bytes)
  }
  return {
    write(text) {
      if (padded ? !/^=*$/.test(text) : !BASE64.test(text)) throw notBase64()
      pending += text
      // Padding ends the data: what is left is decoded at the end.
      if (text.includes('=')) return void (padded = true)
      const whole = pending.length - (pending.length % 4)
      emit(pending.slice(0, whole))
      pending = pending.slice(whole)
    },
    end() {
      const bare = pending.replace(/=+$/, '')
      const valid = padded
        ? pending.length % 4 === 0 && pending.length - bare.length <= 2 && bare.length % 4 >= 2
        : pending.length % 4 !== 1
      if (!valid) throw notBase64()
      emit(pending)
      out.end()
    },
  }
}

const isTarballData = (path: JsonPath) =>
  path.length === 3 && path[0] === '_attachments' && typeof path[1] === 'string' && path[2] === 'data'

/**
 * Reads a publish body from `source`, staging its tarball in `blobs`. Refusals are HttpErrors:
 * 400 for what is not a JSON document or not base64, or a second attachment; 413 beyond the
 * limits. Nothing is kept after a refusal.
 */
export async function readPublishBody(
  source: AsyncIterable<Buffer | string>,
  blobs: BlobStore,
  limits: PublishLimits,
): Promise<PublishBody> {
  let out: PassThrough | undefined
  let staging: Promise<StagedBlob> | undefined
  const sha512 = createHash('sha512')
  const parser = jsonStream({
    maxKept: limits.documentChars,
    stringSink: (path) => {
      if (!isTarballData(path)) return undefined
      if (out) throw onlyOne()
      out = new PassThrough()
      staging = blobs.putStream(out, { maxBytes: limits.bodyBytes })
      // Seen by whoever awaits it; this keeps an early failure from going unhandled meanwhile.
      staging.catch(() => undefined)
      return base64Decoder(out, sha512)
    },
  })
  const text = new StringDecoder('utf8')
  let bytes = 0
  try {
    for await (const chunk of source) {
      bytes += chunk.length
      if (bytes > limits.bodyBytes) throw bodyTooLarge(limits.bodyBytes)
      parser.write(typeof chunk === 'string' ? chunk : text.write(chunk))
      // Backpressure: the next chunk waits until the staged copy has taken this one.
      if (out?.writableNeedDrain) await Promise.race([once(out, 'drain'), staging])
    }
    parser.write(text.end())
    const document = parser.end()
    if (!staging) return { document }
    return { document, tarball: { staged: await staging, sha512: sha512.digest('base64') } }
  } catch (error) {
    out?.destroy()
    // The staged copy is removed by putStream when its source fails.
    await staging?.then(
      (s) => s.discard(),
      () => undefined,
    )
    if (error instanceof JsonRefused)
      throw error.tooLarge
        ? new HttpError(413, `The package document is too large: ${error.message}`, 'TOO_LARGE')
        : new HttpError(400, `The package document is not JSON: ${error.message}`, 'BAD_REQUEST')
    if (error instanceof TooLarge) throw bodyTooLarge(limits.bodyBytes)
    throw error
  }
}
