/**
 * Generic form rules (spec 000 section 5, spec 001 section 5). Each validator returns
 * Either<message key, value>, so a form can show the message beside the field (worded by the
 * view's catalogue, ui/shared/messages.ts) and keep what the user typed.
 */
import { left, right, type Either } from 'fp-ts/Either'
import type { FormMessage } from './messages'

export const mandatory: FormMessage = { key: 'mandatory' }
export const invalidName: FormMessage = { key: 'invalidName' }
export const invalidUrl: FormMessage = { key: 'invalidUrl' }
export const invalidEmail: FormMessage = { key: 'invalidEmail' }

/**
 * The words of `invalidName` and `invalidUrl`, which the platform answers with too: the forms'
 * catalogue (ui/shared/formMessages.ts) words the keys with them. Here rather than in a module of
 * their own (as the mandatory key's are, formWords.ts): every chunk that shows them loads these
 * rules already, and a module of their own would be a chunk of its own.
 */
export const NAME_MESSAGE = 'Name can only contain alphanumeric characters, dashes and periods'
export const URL_MESSAGE = 'Enter a valid URL'

/** Upload limit: 13 MB, json only. */
export const MAX_UPLOAD_BYTES = 13 * 1024 * 1024

/**
 * The platform's email rule: one @, a dot in the domain, no spaces, quotes or brackets. The
 * one copy: the platform's request schemas use its source as their pattern.
 */
export const EMAIL_PATTERN = /^[^\s@<>()[\],;:"\\]+@[^\s@<>()[\],;:"\\]+\.[^\s@<>()[\],;:"\\]+$/
export const isEmailAddress = (text: string): boolean => EMAIL_PATTERN.test(text)

/** Letters, digits, dash, underscore and period (the message names the common ones). */
export const NAME_PATTERN = /^[A-Za-z0-9_.-]+$/

/** Present and not only whitespace; the value is kept as typed. */
export function validateMandatory(value: string | null | undefined): Either<FormMessage, string> {
  return typeof value === 'string' && value.trim() !== '' ? right(value) : left(mandatory)
}

export function validateName(value: string): Either<FormMessage, string> {
  if (value.trim() === '') return left(mandatory)
  return NAME_PATTERN.test(value) ? right(value) : left(invalidName)
}

/** What a form knows about a chosen file before reading it. */
export interface FileFacts {
  readonly name: string
  readonly size: number
}

export function validateJsonFile(file: FileFacts): Either<FormMessage, FileFacts> {
  if (!file.name.toLowerCase().endsWith('.json') || file.name.length <= '.json'.length) {
    return left({ key: 'jsonFileExtension' })
  }
  if (!(file.size >= 0 && file.size <= MAX_UPLOAD_BYTES)) return left({ key: 'fileSize' })
  return right(file)
}

/** An absolute http(s) URL with a host. */
export function validateUrl(value: string): Either<FormMessage, string> {
  const v = value.trim()
  if (v === '') return left(mandatory)
  let url: URL
  try {
    url = new URL(v)
  } catch {
    return left(invalidUrl)
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
    ? right(v)
    : left(invalidUrl)
}

// In a module of its own: the login page needs it, and that should not bring the form rules.
export { sanitizeProviderUrl } from './providerUrl'

/**
 * A base URL (scheme, host, optional path, no query or fragment) gets a trailing slash, so
 * relative API paths append under it; anything else is returned unchanged.
 */
export function withBaseUrlTrailingSlash(value: string): string {
  const v = value.trim()
  if (!/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i.test(v)) return value
  return v.endsWith('/') ? v : v + '/'
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

function decodeBase64(s: string): number[] | undefined {
  if (s.length % 4 !== 0 || !BASE64.test(s)) return undefined
  const bytes: number[] = []
  for (let i = 0; i < s.length; i += 4) {
    const chunk = s.slice(i, i + 4)
    const pad = chunk.endsWith('==') ? 2 : chunk.endsWith('=') ? 1 : 0
    if (pad > 0 && i + 4 !== s.length) return undefined
    let n = 0
    for (let j = 0; j < 4; j++) n = n * 64 + (j < 4 - pad ? B64.indexOf(chunk[j] ?? 'A') : 0)
    bytes.push((n >> 16) & 0xff)
    if (pad < 2) bytes.push((n >> 8) & 0xff)
    if (pad < 1) bytes.push(n & 0xff)
  }
  return bytes
}

export function encodeBase64(bytes: ReadonlyArray<number>): string {
  let out = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0
    const b = bytes[i + 1]
    const c = bytes[i + 2]
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0)
    out += B64[(n >> 18) & 63]! + B64[(n >> 12) & 63]!
    out += b === undefined ? '=' : B64[(n >> 6) & 63]!
    out += c === undefined ? '=' : B64[n & 63]!
  }
  return out
}

/**
 * Base64 that survives a round trip: decoding then encoding gives the same text back. This
 * rejects wrong padding, stray characters and non-canonical trailing bits.
 */
export function isBase64(value: string): boolean {
  return base64Bytes(value) !== undefined
}

/** The bytes of a base64 value that survives the round trip, or undefined. */
export function base64Bytes(value: string): number[] | undefined {
  const bytes = decodeBase64(value)
  return bytes !== undefined && encodeBase64(bytes) === value ? bytes : undefined
}
