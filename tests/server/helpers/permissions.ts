/**
 * Grants made the way an admin makes them: a permission target created through the admin
 * API over HTTP (POST /ui/admin/permissions), so the registry reads what the console stores.
 */
import { join } from 'node:path'
import { browserHeaders, type TestServer } from '../../support/server'
import type { skopeoCli } from '../../support/skopeo'
import { signInDirectly, signInDirectlyAs } from './catalogSession'
import { createUser, TEST_PASSWORD } from './registryClients'

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

/**
 * Users with TEST_PASSWORD, made as an admin makes them, then taken out of every group (every
 * new user joins the seeded readers: read, and cache, everywhere), so that only the targets
 * naming them speak for them.
 */
export async function usersOutsideGroups(server: TestServer, ...names: string[]): Promise<void> {
  for (const name of names) {
    await createUser(server, name)
    await server.ctx.sql.run(
      'DELETE FROM group_members WHERE user_id = (SELECT id FROM users WHERE name = ?)',
      [name],
    )
  }
}

/**
 * skopeo as one user or another (TEST_PASSWORD) against the server's container registry:
 * `ref` is `<repository>/<image>:<tag>`, `name` `<repository>/<image>`; pulls land in `work`.
 */
export function skopeoAs(server: TestServer, skopeo: ReturnType<typeof skopeoCli>, work: string) {
  const host = new URL(server.url).host
  const creds = (user: string) => `${user}:${TEST_PASSWORD}`
  let pulls = 0
  return {
    push: (user: string, source: string, ref: string) =>
      skopeo([
        'copy',
        '--all',
        '--dest-tls-verify=false',
        '--dest-creds',
        creds(user),
        source,
        `docker://${host}/${ref}`,
      ]),
    pull: (user: string, ref: string) =>
      skopeo([
        'copy',
        '--all',
        '--src-tls-verify=false',
        '--src-creds',
        creds(user),
        `docker://${host}/${ref}`,
        `oci:${join(work, `pulled-${++pulls}`)}:x`,
      ]),
    rawManifest: (user: string, ref: string) =>
      skopeo(['inspect', '--raw', '--tls-verify=false', '--creds', creds(user), `docker://${host}/${ref}`]),
    listTags: (user: string, name: string) =>
      skopeo(['list-tags', '--tls-verify=false', '--creds', creds(user), `docker://${host}/${name}`]),
  }
}
