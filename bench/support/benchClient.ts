import { createHash } from 'node:crypto'
import { browserHeaders, type TestServer } from '../../tests/support/server'
import { npmTarball } from './npmTarball'

/** The body of `npm publish` for one version of `name` (package.json and a README), as the npm CLI sends it. */
export function publishDocument(registry: string, name: string, version = '1.0.0'): object {
  const description = `Benchmark package ${name}`
  const tgz = npmTarball({
    'package.json': JSON.stringify({ name, version, description }),
    'README.md': `# ${name}\n\nA package published for a benchmark.\n`,
  })
  const file = `${name}-${version}.tgz`
  return {
    _id: name,
    name,
    description,
    'dist-tags': { latest: version },
    versions: {
      [version]: {
        name,
        version,
        description,
        dist: {
          tarball: `${registry}${name}/-/${file}`,
          shasum: createHash('sha1').update(tgz).digest('hex'),
          integrity: `sha512-${createHash('sha512').update(tgz).digest('base64')}`,
        },
      },
    },
    _attachments: {
      [file]: { content_type: 'application/octet-stream', data: tgz.toString('base64'), length: tgz.length },
    },
  }
}

/** Publishes one version through the registry's publish call; throws on a refusal. */
export async function publish(registry: string, auth: string, name: string, version?: string): Promise<void> {
  const res = await fetch(`${registry}${name}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: auth },
    body: JSON.stringify(publishDocument(registry, name, version)),
  })
  if (!res.ok)
    throw new Error(
      `publishing ${name}@${version ?? '1.0.0'} to ${registry}: ${res.status} ${await res.text()}`,
    )
}

/** Signs the developer in through the console's login call: the session cookie as `name=value`. */
export async function developerCookie(server: TestServer): Promise<string> {
  const res = await fetch(`${server.url}/ui/api/v1/ui/auth/login`, {
    method: 'POST',
    headers: browserHeaders(server.url),
    body: JSON.stringify({ user: 'developer', password: server.config.userPassword, type: 'login' }),
  })
  const cookie = res.headers.get('set-cookie')?.split(';')[0]
  if (res.status !== 200 || !cookie) throw new Error(`login failed: ${res.status}`)
  return cookie
}
