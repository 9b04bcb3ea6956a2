/**
 * The checks of two nodes on one database, shared by the server test that asserts them
 * (tests/server/twoHosts.test.ts) and the bench that counts them at scale
 * (bench/postgresNodes.bench.ts): parallel wrong passwords spread over nodes, and publishes
 * through both nodes while one is killed.
 */
import { createHash } from 'node:crypto'
import { npmTarball, publishDocument } from './npmTarball'

export const browserHeaders = (url: string, cookie?: string): Record<string, string> => ({
  'content-type': 'application/json',
  'x-requested-with': 'XMLHttpRequest',
  origin: new URL(url).origin,
  ...(cookie ? { cookie } : {}),
})

export function signIn(url: string, user: string, password: string): Promise<Response> {
  return fetch(`${url}/ui/api/v1/ui/auth/login`, {
    method: 'POST',
    headers: browserHeaders(url),
    body: JSON.stringify({ user, password, type: 'login' }),
  })
}

/**
 * A new user `name` made by the administrator `cookie` on the first node, then `count` wrong
 * passwords for it sent at once, spread over `urls` in turn: how many answers of each status.
 */
export async function wrongPasswords(
  urls: readonly string[],
  cookie: string,
  name: string,
  count = 40,
): Promise<Record<number, number>> {
  const made = await fetch(`${urls[0]!}/ui/api/v1/ui/admin/users`, {
    method: 'POST',
    headers: browserHeaders(urls[0]!, cookie),
    body: JSON.stringify({ name, email: `${name}@example.com`, password: 'right-password-1' }),
  })
  if (made.status >= 300) throw new Error(`user ${name}: ${made.status} ${await made.text()}`)
  const statuses = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      signIn(urls[i % urls.length]!, name, `wrong-${i}`).then(async (r) => {
        await r.arrayBuffer()
        return r.status
      }),
    ),
  )
  return statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {})
}

/** One package's publish body (version 1.0.0) and the integrity of its tarball. */
export function packageBody(name: string): { body: string; integrity: string } {
  const tgz = npmTarball(name, '1.0.0', { 'README.md': `# ${name}\n` }, { license: 'MIT', main: 'index.js' })
  return {
    body: JSON.stringify(publishDocument(name, '1.0.0', tgz)),
    integrity: `sha512-${createHash('sha512').update(tgz).digest('base64')}`,
  }
}

export const registryOf = (url: string, repo: string) => `${url}/artifactory/api/npm/${repo}/`

export function publish(url: string, token: string, name: string, body: string): Promise<Response> {
  return fetch(`${registryOf(url, 'npm-local')}${encodeURIComponent(name)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  })
}

export interface Publish {
  readonly name: string
  readonly integrity: string
  /** Which node it went through (0: the one killed). */
  readonly through: number
}

/**
 * `total` publishes in `lanes` parallel lanes, lanes alternating between the two nodes; once
 * `acksBeforeKill` were acknowledged (200), one of them at least by the first node, `kill` is
 * called on the first node, and its lanes stop.
 * Each publish is acknowledged or cut off (an error status, or the connection lost with the node).
 */
export async function publishThroughKill(
  urls: readonly [string, string],
  token: string,
  options: {
    readonly lanes: number
    readonly acksBeforeKill: number
    readonly total: number
    readonly prefix: string
    readonly kill: () => Promise<void>
  },
): Promise<{ acknowledged: Publish[]; cutOff: Publish[] }> {
  const acknowledged: Publish[] = []
  const cutOff: Publish[] = []
  let next = 0
  let killing: Promise<void> | undefined
  await Promise.all(
    Array.from({ length: options.lanes }, async (_, lane) => {
      const through = lane % 2
      while (next < options.total) {
        if (killing && through === 0) return
        const name = `${options.prefix}${next++}`
        const { body, integrity } = packageBody(name)
        try {
          const res = await publish(urls[through]!, token, name, body)
          await res.arrayBuffer()
          ;(res.status === 200 ? acknowledged : cutOff).push({ name, integrity, through })
        } catch {
          // The connection died with the node: not acknowledged.
          cutOff.push({ name, integrity, through })
        }
        if (
          !killing &&
          acknowledged.length >= options.acksBeforeKill &&
          acknowledged.some((p) => p.through === 0)
        )
          killing = options.kill()
      }
    }),
  )
  await killing
  return { acknowledged, cutOff }
}

/**
 * What the node at `url` serves of a published package through the `npm` virtual repository:
 * `absent` (no such package), `whole` (its tarball's bytes match `integrity`), or what else it
 * answered.
 */
export async function servedAs(url: string, token: string, { name, integrity }: Publish): Promise<string> {
  const auth = { authorization: `Bearer ${token}` }
  const res = await fetch(`${registryOf(url, 'npm')}${encodeURIComponent(name)}`, { headers: auth })
  if (res.status === 404) return 'absent'
  if (res.status !== 200) return `metadata ${res.status}`
  const doc = (await res.json()) as { versions?: Record<string, { dist: { tarball: string } }> }
  const tarball = doc.versions?.['1.0.0']?.dist.tarball
  if (!tarball) return 'no version 1.0.0'
  const got = await fetch(tarball, { headers: auth })
  if (got.status !== 200) return `tarball ${got.status}`
  const bytes = Buffer.from(await got.arrayBuffer())
  return `sha512-${createHash('sha512').update(bytes).digest('base64')}` === integrity
    ? 'whole'
    : 'other bytes'
}
