/**
 * The mail the platform would send (reset links, invitations), written as RFC 5322 messages
 * (`.eml`) under `DATA_DIR/outbox/` instead of being delivered.
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export interface Mail {
  readonly to: string
  readonly subject: string
  readonly text: string
}

export const OUTBOX_FROM = 'Platform <no-reply@platform.invalid>'

/** Header values must not carry line breaks: a name or address could otherwise add headers. */
function headerValue(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\r\n\u0000-\u001f\u007f]+/g, ' ').trim()
}

/** RFC 2047 encoded-word for non-ASCII subjects. */
function encodeSubject(subject: string): string {
  const clean = headerValue(subject)
  return /^[\u0020-\u007e]*$/.test(clean)
    ? clean
    : `=?UTF-8?B?${Buffer.from(clean, 'utf8').toString('base64')}?=`
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const two = (n: number) => String(n).padStart(2, '0')

/** The date-time of RFC 5322 section 3.3, in UTC. */
export function rfc5322Date(date: Date): string {
  return `${DAYS[date.getUTCDay()]}, ${two(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} ${two(
    date.getUTCHours(),
  )}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} +0000`
}

/**
 * 8bit body with CRLF line ends, so links can be read from the file as they are. Lines are
 * folded at 998 octets (RFC 5322 2.1.1); the messages are ours, so that never cuts a link.
 */
function textBody(text: string): string {
  return text
    .split(/\r?\n/)
    .flatMap((line) => line.match(/.{1,900}/gu) ?? [''])
    .join('\r\n')
}

export function formatMail(mail: Mail, now: Date, messageId: string): string {
  const headers = [
    `From: ${OUTBOX_FROM}`,
    `To: ${headerValue(mail.to)}`,
    `Subject: ${encodeSubject(mail.subject)}`,
    `Date: ${rfc5322Date(now)}`,
    `Message-ID: <${messageId}@platform.invalid>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ]
  return `${headers.join('\r\n')}\r\n\r\n${textBody(mail.text)}\r\n`
}

/** Writes the message, dated `now` (the platform's clock), and answers its file path. */
export function sendMail(dataDir: string, mail: Mail, now: Date): string {
  const dir = join(dataDir, 'outbox')
  mkdirSync(dir, { recursive: true })
  const id = `${now.getTime()}.${randomBytes(6).toString('hex')}`
  const file = join(dir, `${now.toISOString().replace(/[:.]/g, '-')}-${id.split('.')[1]}.eml`)
  writeFileSync(file, formatMail(mail, now, id), { flag: 'wx' })
  return file
}
