// The platform's logo (ui/generalConfig/logo), its configured logo URL and the account portal
// address, as an admin sets them and as everyone reads them through the footer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, browserHeaders, type TestServer } from '../support/server'
import { API, call, sessionOf } from '../support/apiCalls'
import { corpusLines } from '../support/corpora'
import { TINY_PNG as PNG } from '../support/tinyPng'

let server: TestServer
let admin: string
let developer: string
beforeAll(async () => {
  server = await startTestServer()
  admin = await sessionOf(server, 'admin')
  developer = await sessionOf(server, 'developer')
})
afterAll(async () => server.stop())

async function upload(bytes: Buffer, cookie: string | undefined, type = 'image/png') {
  const headers = { ...browserHeaders(server.url, cookie), 'content-type': type }
  return fetch(`${server.url}${API}/ui/generalConfig/logo`, {
    method: 'PUT',
    headers,
    body: new Uint8Array(bytes),
  })
}

describe('the uploaded logo', () => {
  it('answers 404 until an admin uploads one, then the image to anyone, signed in or not', async () => {
    expect((await fetch(`${server.url}${API}/ui/generalConfig/logo`)).status).toBe(404)
    expect((await call(server, 'GET', '/ui/system/footer')).body).toMatchObject({ logoVersion: '' })

    expect((await upload(PNG, undefined)).status).toBe(401)
    expect((await upload(PNG, developer)).status).toBe(403)
    const put = await upload(PNG, admin)
    expect(put.status).toBe(200)
    const { version } = (await put.json()) as { version: string }
    expect(version).toMatch(/^[0-9a-f]{16}$/)

    const got = await fetch(`${server.url}${API}/ui/generalConfig/logo`)
    expect(got.status).toBe(200)
    expect(got.headers.get('content-type')).toBe('image/png')
    expect(got.headers.get('x-content-type-options')).toBe('nosniff')
    expect(Buffer.from(await got.arrayBuffer()).equals(PNG)).toBe(true)
    expect((await call(server, 'GET', '/ui/system/footer')).body).toMatchObject({ logoVersion: version })
  })

  it('refuses what is not a raster image by its bytes, whatever the type claims (an SVG, HTML)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    const html = Buffer.from(corpusLines('xss')[0]!)
    for (const bytes of [svg, html, Buffer.alloc(0)]) expect((await upload(bytes, admin)).status).toBe(400)
    const tooBig = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)])
    expect((await upload(tooBig, admin)).status).toBe(413)
    // The uploaded PNG is still there.
    expect((await fetch(`${server.url}${API}/ui/generalConfig/logo`)).headers.get('content-type')).toBe(
      'image/png',
    )
  })

  it('is removed by an admin only', async () => {
    expect((await call(server, 'DELETE', '/ui/generalConfig/logo', { cookie: developer })).status).toBe(403)
    expect((await call(server, 'DELETE', '/ui/generalConfig/logo', { cookie: admin })).status).toBe(204)
    expect((await fetch(`${server.url}${API}/ui/generalConfig/logo`)).status).toBe(404)
  })
})

describe('the logo URL and the account portal address', () => {
  it('are set in the general configuration and read by anyone through the footer', async () => {
    const before = (await call(server, 'GET', '/ui/system/footer')).body
    expect(before).toMatchObject({ logoUrl: '', accountPortalUrl: '' })
    const saved = await call(server, 'PUT', '/ui/admin/generalConfig', {
      cookie: admin,
      body: { logoUrl: 'https://cdn.example.com/logo.png', accountPortalUrl: 'https://account.example.com/' },
    })
    expect(saved.status).toBe(200)
    expect((await call(server, 'GET', '/ui/system/footer')).body).toMatchObject({
      logoUrl: 'https://cdn.example.com/logo.png',
      accountPortalUrl: 'https://account.example.com/',
    })
  })

  it('must be http(s) addresses', async () => {
    for (const body of [{ logoUrl: 'javascript:alert(1)' }, { accountPortalUrl: 'data:text/html,hi' }]) {
      const res = await call(server, 'PUT', '/ui/admin/generalConfig', { cookie: admin, body })
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
  })
})
