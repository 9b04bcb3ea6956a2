/**
 * Calls to the console's API (/ui/api/v1) for server tests: JSON with the same-origin headers a
 * browser sends, the answer's status, headers, text and parsed body, and the session cookie taken from
 * Set-Cookie; signing in through the login endpoint.
 */
import { browserHeaders, type TestServer } from './server'

export const API = '/ui/api/v1'

export interface Answer<T = unknown> {
  status: number
  /** The body parsed as JSON; undefined when it is empty or not JSON (the text is in `text`). */
  body: T
  text: string
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
    body: parsed(text) as T,
    text,
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

function parsed(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined
  } catch {
    return undefined
  }
}
