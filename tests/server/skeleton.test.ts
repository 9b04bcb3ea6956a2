import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, browserHeaders, type TestServer } from '../support/server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => server.stop())

describe('server skeleton', () => {
  it('redirects / to /ui/ and sets security headers', async () => {
    const res = await fetch(`${server.url}/`, { redirect: 'manual' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/ui/')
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('answers unknown API paths with a JSON 404 and no-store', async () => {
    const res = await fetch(`${server.url}/ui/api/v1/no/such/thing`)
    expect(res.status).toBe(404)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' })
  })

  it('refuses a state-changing request from another origin or without X-Requested-With', async () => {
    const cross = await fetch(`${server.url}/ui/api/v1/anything`, {
      method: 'POST',
      headers: { ...browserHeaders(server.url), origin: 'https://evil.example' },
      body: '{}',
    })
    expect(cross.status).toBe(403)
    const bare = await fetch(`${server.url}/ui/api/v1/anything`, { method: 'POST', body: '{}' })
    expect(bare.status).toBe(403)
  })

  it('serves an OpenAPI document', async () => {
    const res = await fetch(`${server.url}/ui/api/v1/openapi.json`)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ openapi: '3.0.3' })
  })

  it('serves the console with history fallback', async () => {
    const res = await fetch(`${server.url}/ui/packages/npm%3A%2F%2Freact`)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('<div id="root">')
  })
})
