/**
 * A Crowd stand-in on 127.0.0.1 for tests: the three calls of Crowd's REST API the platform's
 * single sign-on makes (the SSO cookie's configuration, session validation with the user, and
 * the user's nested groups), each checking the application's credentials as Crowd does.
 */
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface LocalCrowd {
  /** The Crowd server's address (its context path included), for the platform's settings. */
  readonly url: string
  readonly application: { readonly name: string; readonly password: string }
  /** Each validation asked: the token and the validation factors sent. */
  readonly validated: ReadonlyArray<{ readonly token: string; readonly factors: unknown }>
  stop(): Promise<void>
}

function body(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = ''
    request.on('data', (chunk: Buffer) => (text += chunk.toString()))
    request.on('end', () => resolve(text))
  })
}

/** Starts the stand-in: `sessions` maps live SSO tokens to their users; every user is in `groups`. */
export async function startLocalCrowd(
  sessions: ReadonlyMap<string, { readonly name: string; readonly email: string }>,
  groups: ReadonlyArray<string>,
): Promise<LocalCrowd> {
  const application = { name: 'platform-app', password: 'crowd-app-secret' }
  const validated: Array<{ token: string; factors: unknown }> = []
  const expected = `Basic ${Buffer.from(`${application.name}:${application.password}`).toString('base64')}`
  const api = '/crowd/rest/usermanagement/1/'
  const server = createServer(async (request, response) => {
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(value))
    }
    if (request.headers.authorization !== expected) return json(401, { reason: 'INVALID_CREDENTIALS' })
    const url = new URL(request.url ?? '/', 'http://crowd')
    if (request.method === 'GET' && url.pathname === `${api}config/cookie`)
      return json(200, { domain: '.example', secure: false, name: 'crowd.token_key' })
    const session = new RegExp(`^${api}session/([^/]+)$`).exec(url.pathname)
    if (request.method === 'POST' && session) {
      const token = decodeURIComponent(session[1]!)
      validated.push({ token, factors: JSON.parse(await body(request)).validationFactors })
      const user = sessions.get(token)
      return user ? json(200, { token, user }) : json(404, { reason: 'INVALID_SSO_TOKEN' })
    }
    if (request.method === 'GET' && url.pathname === `${api}user/group/nested`)
      return json(200, { groups: groups.map((name) => ({ name })) })
    json(404, { reason: 'NOT_FOUND' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/crowd`,
    application,
    validated,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
