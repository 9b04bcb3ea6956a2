/**
 * Helpers of the auth, platform and admin server tests: JSON calls with the same-origin
 * headers a browser sends, and the session cookie taken from Set-Cookie.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { browserHeaders, type TestServer } from '../support/server'

export const API = '/ui/api/v1'

export interface Answer<T = unknown> {
  status: number
  body: T
  headers: Headers
  cookie: string | undefined
}

export async function call<T = Record<string, unknown>>(
  server: TestServer,
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; headers?: Record<string, string>; rawBody?: string } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {
    ...browserHeaders(server.url, options.cookie),
    ...options.headers,
  }
  // Like the console's client: a content type only with a body.
  if (options.body === undefined && options.rawBody === undefined) delete headers['content-type']
  const res = await fetch(`${server.url}${API}${path}`, {
    method,
    headers,
    ...(options.rawBody !== undefined
      ? { body: options.rawBody }
      : options.body !== undefined
        ? { body: JSON.stringify(options.body) }
        : {}),
  })
  const text = await res.text()
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('console_session='))
  const value = setCookie?.split(';')[0]
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : undefined) as T,
    headers: res.headers,
    cookie: value && value !== 'console_session=' ? value : undefined,
  }
}

export async function login(server: TestServer, user: string, password = 'password', remember = false) {
  return call<Record<string, unknown>>(
    server,
    'POST',
    `/ui/auth/login?_spring_security_remember_me=${remember}`,
    {
      body: { user, password, type: 'login' },
    },
  )
}

/** Signs in and answers the cookie; fails the test when the login does not succeed. */
export async function sessionOf(server: TestServer, user: string, password = 'password'): Promise<string> {
  const res = await login(server, user, password)
  if (res.status !== 200 || !res.cookie) throw new Error(`login of ${user} answered ${res.status}`)
  return res.cookie
}

/** The messages in the outbox, oldest first, as raw RFC 5322 text. */
export function outbox(server: TestServer): string[] {
  const dir = join(server.config.dataDir, 'outbox')
  let files: string[] = []
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'))
  } catch {
    return []
  }
  return files.sort().map((f) => readFileSync(join(dir, f), 'utf8'))
}

/** Headers (lower-cased names) and body of a message. */
export function parseMail(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n')
  const headers: Record<string, string> = {}
  for (const line of raw.slice(0, split).split('\r\n')) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { headers, body: raw.slice(split + 4) }
}
