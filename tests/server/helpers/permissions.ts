/**
 * Grants made the way an admin makes them: a permission target created through the admin
 * API over HTTP (POST /ui/admin/permissions), so the registry reads what the console stores.
 */
import { browserHeaders, type TestServer } from '../../support/server'
import { signInDirectly, signInDirectlyAs } from './catalogSession'

export interface Grant {
  readonly repositories: readonly string[]
  readonly users?: Readonly<Record<string, readonly string[]>>
  readonly groups?: Readonly<Record<string, readonly string[]>>
  readonly includePatterns?: readonly string[]
  readonly excludePatterns?: readonly string[]
}

let count = 0

/** Creates a permission target with the grant (as `admin`, a session cookie, or a new admin); answers its name. */
export async function grant(
  server: TestServer,
  what: Grant,
  admin: string = signInDirectly(server, { admin: true }),
): Promise<string> {
  const name = `test-grant-${++count}-${Math.random().toString(36).slice(2, 8)}`
  const res = await fetch(`${server.url}/ui/api/v1/ui/admin/permissions`, {
    method: 'POST',
    headers: browserHeaders(server.url, admin),
    body: JSON.stringify({ name, ...what }),
  })
  if (res.status !== 201) throw new Error(`grant: ${res.status} ${await res.text()}`)
  return name
}

/**
 * A signed-in user who may do what the seeded developer may (read everywhere; deploy and
 * delete/overwrite in local repositories), granted through the admin API. Answers its cookie.
 */
export async function signInDeveloper(server: TestServer): Promise<string> {
  const { name, cookie } = signInDirectlyAs(server)
  await grant(server, { repositories: ['ANY'], users: { [name]: ['read'] } })
  await grant(server, {
    repositories: ['ANY LOCAL'],
    users: { [name]: ['read', 'annotate', 'deploy', 'delete'] },
  })
  return cookie
}

/** A client token of the signed-in user (as `npm login` through the console would get one). */
export async function clientTokenOf(server: TestServer, cookie: string): Promise<string> {
  const headers = browserHeaders(server.url, cookie)
  delete headers['content-type']
  const res = await fetch(`${server.url}/ui/api/v1/ui/npm/token`, { method: 'POST', headers })
  if (!res.ok) throw new Error(`client token: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { token: string }).token
}
