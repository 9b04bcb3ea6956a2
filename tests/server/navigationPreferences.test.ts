import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { call, sessionOf } from '../support/apiCalls'

let server: TestServer
let admin: string
let developer: string
beforeAll(async () => {
  server = await startTestServer()
  admin = await sessionOf(server, 'admin')
  developer = await sessionOf(server, 'developer')
})
afterAll(async () => server.stop())

describe('navigation type preference', () => {
  it('is new until a user chooses, and is kept per user', async () => {
    expect((await call(server, 'GET', '/ui/user/navigationType', { cookie: developer })).body).toEqual({
      type: 'new',
    })
    const put = await call(server, 'PUT', '/ui/user/navigationType', {
      cookie: developer,
      body: { type: 'classic' },
    })
    expect(put).toMatchObject({ status: 200, body: { type: 'classic' } })
    expect((await call(server, 'GET', '/ui/user/navigationType', { cookie: developer })).body).toEqual({
      type: 'classic',
    })
    // Another user's choice is their own.
    expect((await call(server, 'GET', '/ui/user/navigationType', { cookie: admin })).body).toEqual({
      type: 'new',
    })
    await call(server, 'PUT', '/ui/user/navigationType', { cookie: developer, body: { type: 'new' } })
    expect((await call(server, 'GET', '/ui/user/navigationType', { cookie: developer })).body).toEqual({
      type: 'new',
    })
  })

  it('refuses unknown types and anonymous callers', async () => {
    const bad = await call(server, 'PUT', '/ui/user/navigationType', {
      cookie: developer,
      body: { type: 'retro' },
    })
    expect(bad.status).toBe(400)
    const extra = await call(server, 'PUT', '/ui/user/navigationType', {
      cookie: developer,
      body: { type: 'new', theme: 'dark' },
    })
    expect(extra.status).toBe(400)
    expect((await call(server, 'GET', '/ui/user/navigationType')).status).toBe(401)
    expect((await call(server, 'PUT', '/ui/user/navigationType', { body: { type: 'classic' } })).status).toBe(
      401,
    )
  })
})
