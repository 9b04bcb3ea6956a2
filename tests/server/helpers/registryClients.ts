/**
 * Registry clients as tests make them: a user with a password, created the way an admin
 * creates one (POST /ui/admin/users, so the user joins the groups every new user joins), and an
 * .npmrc for one repository carrying that user's credentials.
 */
import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { browserHeaders, type TestServer } from '../../support/server'
import { signInDirectly } from './catalogSession'

/** The password every such user gets (the platform's policy accepts it). */
export const TEST_PASSWORD = 'Correct-horse-battery-9'

/** Creates `name` with TEST_PASSWORD (and any other fields of the admin API); throws unless 201. */
export async function createUser(
  server: TestServer,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const res = await fetch(`${server.url}/ui/api/v1/ui/admin/users`, {
    method: 'POST',
    headers: browserHeaders(server.url, signInDirectly(server, { admin: true })),
    body: JSON.stringify({ name, email: `${name}@example.invalid`, password: TEST_PASSWORD, ...extra }),
  })
  if (res.status !== 201) throw new Error(`creating ${name}: ${res.status} ${await res.text()}`)
}

/** An .npmrc in `work` for `repo`, carrying `auth` (`_auth=…` or `_authToken=…`); answers its path. */
export function npmrcFor(server: TestServer, work: string, repo: string, auth: string): string {
  const path = join(work, `npmrc-${randomBytes(4).toString('hex')}`)
  const registry = `${server.url}/artifactory/api/npm/${repo}/`
  writeFileSync(
    path,
    `registry=${registry}\n//${new URL(server.url).host}/artifactory/api/npm/${repo}/:${auth}\n`,
  )
  return path
}
