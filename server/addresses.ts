/**
 * One spelling per address, for comparing them: an IPv4 client of a dual-stack socket comes as
 * `::ffff:a.b.c.d` (or `::ffff:7f00:1`, as URLs write it) where settings, Crowd and people write
 * `a.b.c.d`, and IPv6 has many spellings of one address (`0:0::1`, `::1`, upper case).
 */
import { isIP } from 'node:net'

/** The address in its one spelling: IPv4 dotted (mapped ones unwrapped), IPv6 compressed lower case. */
export function canonicalAddress(raw: string | undefined): string {
  const address = (raw ?? '')
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .split('%')[0]!
  if (isIP(address) !== 6) return address
  // URL's parser writes IPv6 compressed, and a mapped IPv4 as ::ffff:hhhh:hhhh.
  const compressed = new URL(`http://[${address}]/`).hostname.slice(1, -1)
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(compressed)
  if (!mapped) return compressed
  const [high, low] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)]
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`
}

/** Whether an address is one of a list, whichever way each is spelt. */
export const addressIn = (address: string | undefined, list: ReadonlyArray<string>): boolean =>
  list.map(canonicalAddress).includes(canonicalAddress(address))
