/**
 * The login limit holds for guesses sent in parallel: the attempt is counted in the database
 * before the password is checked, so requests that arrive while a check is running are
 * counted (or refused) too, and a right guess among them gives back only its own attempt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { call, login, sessionOf } from '../support/apiCalls'

const LIMIT = 10
let server: TestServer
let admin: string
beforeAll(async () => {
  server = await startTestServer({ rateLimit: { max: LIMIT, windowMs: 60_000 } })
  admin = await sessionOf(server, 'admin')
  for (const name of ['parallel-right', 'parallel-key'])
    await call(server, 'POST', '/ui/admin/users', {
      cookie: admin,
      body: { name, email: `${name}@example.com`, password: 'right-password' },
    })
})
afterAll(async () => server.stop())

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {})

describe('login rate limit under parallel guesses', () => {
  it('answers 401 to at most the limit of 40 parallel wrong guesses and 429 to the rest', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(server, 'admin', `wrong-${i}`).then((r) => r.status)),
    )
    expect(tally(statuses)).toEqual({ 401: LIMIT, 429: 40 - LIMIT })
  })

  it('does not let a right guess among parallel ones reset the count for the others', async () => {
    // The limit's worth at once, so every guess is counted whatever order they reach the
    // database in: on PostgreSQL each request's statement goes on a connection of the pool, and
    // the one sent first need not be counted first (30 at once, the right one sent first, got a
    // 429 there: the others had used the window up).
    const guesses = Array.from({ length: LIMIT }, (_, i) => (i === 0 ? 'right-password' : `wrong-${i}`))
    const statuses = await Promise.all(
      guesses.map((password) => login(server, 'parallel-right', password).then((r) => r.status)),
    )
    // The right guess gives back only its own attempt: the others' failures stay counted.
    expect(tally(statuses)).toEqual({ 200: 1, 401: LIMIT - 1 })
    const later = []
    for (let i = 0; i < 3; i++) later.push((await login(server, 'parallel-right', `wrong-later-${i}`)).status)
    expect(later).toEqual([401, 429, 429])
    expect((await login(server, 'parallel-right', 'right-password')).status).toBe(429)
  })

  it('bounds parallel API-key re-authentication guesses the same way', async () => {
    const cookie = await sessionOf(server, 'parallel-key', 'right-password')
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(server, 'GET', '/ui/userApiKey', {
          cookie,
          headers: {
            'x-jfrog-reauthentication': `Basic ${Buffer.from(`parallel-key:wrong-${i}`).toString('base64')}`,
          },
        }).then((r) => r.status),
      ),
    )
    expect(tally(statuses)).toEqual({ 401: LIMIT, 429: 30 - LIMIT })
  })
})
