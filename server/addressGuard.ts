/**
 * Addresses the platform never calls on an admin's behalf (a git integration's API, a remote
 * repository's upstream, an advisory export, the notifications webhook, Crowd, and every address
 * they redirect to): link-local ones (169.254.0.0/16, fe80::/10), where clouds answer their
 * instance metadata with the machine's credentials, and the metadata services' other names and
 * addresses. Checked on the URL's host and again on every address its name resolves to, at
 * connect time (a name can resolve elsewhere later). The rule itself is domain/shared/refusedHost.ts.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns'
import { canonicalAddress } from './addresses'
import { isRefusedHost as refused } from '../domain/shared/refusedHost'

/** Raised instead of connecting to a refused address. */
export class RefusedAddress extends Error {
  constructor(readonly address: string) {
    super(`${address} is a link-local or cloud metadata address`)
  }
}

/** An IP address (v4, v6, or v4 mapped into v6, in any spelling) that is link-local or a metadata service's. */
export const isRefusedIp = (ip: string): boolean => refused(canonicalAddress(ip))

/** A URL's host that is refused before any lookup: a refused IP or a metadata service's name. */
export const isRefusedHost = isRefusedIp

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
