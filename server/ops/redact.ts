// What stands for a secret in a support bundle's files, and the one replacement of known secrets.
// A module of its own: the bundle's builder and its session file both use it.
export const REDACTED = '********'

const REGEX_SPECIAL = /[\\^$.*+?()[\]{}|/-]/g
const literal = (text: string) => text.replace(REGEX_SPECIAL, '\\$&')

/** One hex digit in either case: clients write `%3a` as readily as `%3A`. */
const hexDigit = (digit: string) => (/[A-F]/.test(digit) ? `[${digit}${digit.toLowerCase()}]` : digit)

/** A byte percent-encoded once or more (`%3A`, `%253A`, …), its hex in any case. */
const encodedByte = (byte: number) =>
  `%(?:25)*${[...byte.toString(16).toUpperCase().padStart(2, '0')].map(hexDigit).join('')}`

/** What the request log writes in place of these (logFiles.ts: one line, one record). */
const LOG_CLEANED = new Set(['|', '\r', '\n'])

/**
 * Every way one character of a secret can reach a bundle's text: as it is, percent-encoded
 * (its UTF-8 bytes, in any case, once or more), escaped in JSON (a thread dump, the config),
 * a space as a form's `+`, and what the request log writes for its separators.
 */
function characterForms(ch: string): string {
  const forms = [literal(ch), [...Buffer.from(ch, 'utf8')].map(encodedByte).join('')]
  const json = JSON.stringify(ch).slice(1, -1)
  if (json !== ch) forms.push(literal(json))
  if (ch === ' ') forms.push('\\+')
  if (LOG_CLEANED.has(ch)) forms.push(' ')
  return `(?:${forms.join('|')})`
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
/** One base64url character, as it is or percent-encoded (a client may encode any character). */
const TOKEN_CHARACTER = `(?:[A-Za-z0-9_-]|%(?:25)*(?:${[...BASE64URL]
  .map((ch) => encodedByte(ch.charCodeAt(0)).replace('%(?:25)*', ''))
  .join('|')}))`

/**
 * Tokens the platform issues: client tokens (`cnt_`, registry/auth.ts) and container registry
 * tokens (`oci_`, containers/auth.ts), each 32 random bytes in base64url. Only their hashes are
 * stored, so a bundle cannot know them by value: it knows them by this shape, in any form.
 */
const ISSUED_TOKEN = new RegExp(
  `(?<![A-Za-z0-9_-])(?:${['cnt_', 'oci_'].map((p) => [...p].map(characterForms).join('')).join('|')})` +
    `${TOKEN_CHARACTER}{43}(?![A-Za-z0-9_-])`,
  'g',
)

/** A secret in any of its forms, character by character (a client may encode some and not others). */
const secretPattern = (secret: string) => new RegExp([...secret].map(characterForms).join(''), 'g')

/** Patterns made once per list of secrets: a session's log is redacted one string at a time. */
const patterns = new WeakMap<readonly string[], readonly RegExp[]>()

function patternsOf(secrets: readonly string[]): readonly RegExp[] {
  let made = patterns.get(secrets)
  if (!made) patterns.set(secrets, (made = secrets.map(secretPattern)))
  return made
}

/**
 * The text with every known secret replaced, in any form it reaches a log or a report (see
 * `characterForms`), and every token the platform issues. Secrets go in the order given
 * (longest first, from the caller), so a secret inside another goes whole.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text
  for (const pattern of patternsOf(secrets)) out = out.replace(pattern, REDACTED)
  return out.replace(ISSUED_TOKEN, REDACTED)
}
