/**
 * Hosts the platform never calls on an admin's behalf: link-local addresses (169.254.0.0/16,
 * fe80::/10), where clouds answer their instance metadata with the machine's credentials, and
 * the metadata services' other names and addresses. The one copy of this rule: the console's
 * forms refuse such an address when it is typed (domain/repositories/rules.ts,
 * domain/integrations/rules.ts), the platform when it is saved (the same rules,
 * server/integrations/routes.ts) and again before every connect, on every address a name
 * resolves to (server/addressGuard.ts).
 */

const METADATA_NAMES = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
])
/** Metadata services outside link-local: AWS over IPv6, Alibaba, Oracle. */
const METADATA_ADDRESSES = new Set(['fd00:ec2::254', '100.100.100.200', '192.0.0.192'])

/** What the platform answers for such an address, in a form's field and in its errors. */
export const REFUSED_HOST_MESSAGE =
  'Link-local and cloud metadata addresses (169.254.0.0/16, fe80::/10, …) cannot be used'

/**
 * A host as a URL writes it (IPv6 in brackets and compressed, IPv4 dotted whichever way it was
 * typed: `2852039166` and `0xa9.0xfe.0xa9.0xfe` are 169.254.169.254) or as a resolver answers it,
 * without brackets, zone, trailing dot or case; an IPv4 mapped into IPv6 as the IPv4 it is.
 */
function plainHost(host: string): string {
  const plain = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .split('%')[0]!
    .replace(/\.$/, '')
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(plain)
  if (!mapped) return plain.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1')
  const [high, low] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)]
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`
}

/** Whether a URL's host, or an address a name resolved to, is link-local or a metadata service's. */
export function isRefusedHost(host: string): boolean {
  const plain = plainHost(host)
  if (METADATA_NAMES.has(plain) || METADATA_ADDRESSES.has(plain)) return true
  const v4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(plain)
  if (v4) return v4[1] === '169' && v4[2] === '254'
  // fe80::/10: the first 10 bits are 1111111010.
  return plain.includes(':') && (parseInt(plain.split(':')[0] || '0', 16) & 0xffc0) === 0xfe80
}
