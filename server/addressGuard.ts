/**
 * Addresses the platform never calls on an admin's behalf (a git integration's API, a remote
 * repository's upstream, an advisory export, the notifications webhook, Crowd, and every address
 * they redirect to): link-local ones (169.254.0.0/16, fe80::/10), where clouds answer their
 * instance metadata with the machine's credentials, and the metadata services' other names and
 * addresses. Checked on the URL's host and again on every address its name resolves to, at
 * connect time (a name can resolve elsewhere later).
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns'
import { isIP } from 'node:net'
import { canonicalAddress } from './addresses'

const METADATA_NAMES = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
])
/** Metadata services outside link-local: AWS over IPv6, Alibaba, Oracle. */
const METADATA_ADDRESSES = new Set(['fd00:ec2::254', '100.100.100.200', '192.0.0.192'])

/** Raised instead of connecting to a refused address. */
export class RefusedAddress extends Error {
  constructor(readonly address: string) {
    super(`${address} is a link-local or cloud metadata address`)
  }
}

const ipv4Parts = (ip: string) => ip.split('.').map(Number)

/** An IP address (v4, v6, or v4 mapped into v6) that is link-local or a metadata service's. */
export function isRefusedIp(ip: string): boolean {
  // A mapped IPv4 (::ffff:a9fe:a9fe too) is checked as the IPv4 it is.
  const address = canonicalAddress(ip)
  if (METADATA_ADDRESSES.has(address)) return true
  if (isIP(address) === 4) {
    const [a, b] = ipv4Parts(address)
    return a === 169 && b === 254
  }
  if (isIP(address) === 6) {
    // fe80::/10: the first 10 bits are 1111111010.
    const first = parseInt(address.split(':')[0] || '0', 16)
    return (first & 0xffc0) === 0xfe80
  }
  return false
}

/** A URL's host that is refused before any lookup: a refused IP or a metadata service's name. */
export function isRefusedHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  return METADATA_NAMES.has(host) || isRefusedIp(host)
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void

/** A `lookup` for http.request: resolves as usual, and fails when any address is refused. */
export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, [])
    const refused = addresses.find((a) => isRefusedIp(a.address))
    if (refused) return callback(new RefusedAddress(refused.address), [])
    if (options.all) return callback(null, addresses)
    const first = addresses[0]
    if (!first) return callback(new Error(`${hostname} has no address`), [])
    callback(null, first.address, first.family)
  })
}
