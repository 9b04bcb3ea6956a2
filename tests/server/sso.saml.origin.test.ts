/**
 * The SAML service provider's addresses never follow the request's Host header. Without a base
 * URL, SAML does not run and says why (an attacker's Host made the audience: an assertion made
 * for http://evil.example:9163/… signed a user in); with one, the entity id, the assertion
 * consumer and the metadata are the base URL's whatever Host a client sends.
 */
import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readGeneralConfig, writeGeneralConfig } from '../../server/admin/generalConfig'
import { LOCAL_IDP_USERS } from '../../server/sso/localIdpUsers'
import { startLocalSamlIdp, type LocalSamlIdp } from '../../server/sso/localSamlIdp'
import { readSamlSettings, writeSamlSettings } from '../../server/sso/samlSettings'
import { CookieBrowser } from '../support/cookieBrowser'
import { startTestServer, type TestServer } from '../support/server'
import { API, call, login } from '../support/apiCalls'

const EVIL = 'evil.example:9163'
const evilSso = (rest: string) => `http://${EVIL}${API}/ui/auth/sso/saml${rest}`
const alice = LOCAL_IDP_USERS[0]!

let server: TestServer
let idp: LocalSamlIdp
let admin: string

beforeAll(async () => {
  server = await startTestServer()
  // An IdP that trusts the attacker's addresses, as one the attacker controls would.
  idp = await startLocalSamlIdp({
    spEntityId: evilSso('/metadata'),
    acsUrls: [evilSso('/acs')],
    spSloUrl: evilSso('/slo'),
  })
  admin = (await login(server, 'admin')).cookie ?? ''
})
afterAll(async () => {
  await idp.stop()
  await server.stop()
})

interface RawAnswer {
  readonly status: number
  readonly location?: string
  readonly cookies: string[]
  readonly text: string
}

/** A request with the Host header an attacker chooses (fetch cannot set it). */
function withHost(path: string, host: string, form?: URLSearchParams): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(server.url)
    const body = form?.toString()
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: `${API}/ui/auth/sso/saml${path}`,
        method: form ? 'POST' : 'GET',
        headers: {
          host,
          ...(body
            ? {
                'content-type': 'application/x-www-form-urlencoded',
                'content-length': Buffer.byteLength(body),
              }
            : {}),
        },
      },
      (res) => {
        let text = ''
        res.on('data', (c: Buffer) => (text += c.toString()))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location,
            cookies: res.headers['set-cookie'] ?? [],
            text,
          }),
        )
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

const settings = {
  enabled: true,
  providerName: 'Attacker IdP',
  binding: 'redirect',
  autoRedirect: false,
}

/**
 * The attack: start a sign-in with an evil Host, have the IdP answer for the evil audience and
 * consumer, post it with the evil Host. Answers the consumer's response.
 */
async function assertionForEvilHost(): Promise<RawAnswer> {
  const started = await withHost('/start', EVIL)
  const requestId = started.location?.startsWith(idp.ssoUrl)
    ? /name="requestId" value="([^"]*)"/.exec((await new CookieBrowser().request(started.location)).text)?.[1]
    : undefined
  const samlResponse = idp.issue({
    user: alice,
    inResponseTo: requestId ?? '_no-request',
    acsUrl: evilSso('/acs'),
    audience: evilSso('/metadata'),
  })
  return withHost('/acs', EVIL, new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '/ui/' }))
}

describe('SAML without a base URL', () => {
  it('cannot be enabled: the admin is told the base URL is needed', async () => {
    const res = await call<{ message: string }>(server, 'PUT', '/ui/admin/saml', {
      cookie: admin,
      body: {
        ...settings,
        idpSsoUrl: idp.ssoUrl,
        idpSloUrl: idp.sloUrl,
        idpIssuer: idp.entityId,
        idpCertificate: idp.certificate,
      },
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/SAML needs the platform's base URL/)
  })

  it('does not run even when enabled before, and the evil-Host assertion signs no one in', async () => {
    // Settings stored before the rule (or written to the database): SAML still refuses.
    await writeSamlSettings(server.ctx, {
      ...(await readSamlSettings(server.ctx.sql)),
      enabled: true,
      idpSsoUrl: idp.ssoUrl,
      idpIssuer: idp.entityId,
      idpCertificate: idp.certificate,
    })
    const metadata = await withHost('/metadata', EVIL)
    expect(metadata.status).toBe(503)
    expect(metadata.text).toMatch(/SAML needs the platform's base URL/)
    expect(metadata.text).not.toContain('evil.example')
    expect((await withHost('/start', EVIL)).location).toMatch(/ssoError=not_configured/)
    const answer = await assertionForEvilHost()
    expect(answer.location).toMatch(/ssoError=/)
    expect(answer.cookies.join(';')).not.toMatch(/console_session=[^;]/)
  })
})

describe('SAML with a base URL', () => {
  it('makes its entity id, consumer and metadata from it, whatever the Host', async () => {
    await writeGeneralConfig(server.ctx, {
      ...(await readGeneralConfig(server.ctx.sql, server.config)),
      baseUrl: `${server.url}/`,
    })
    const metadata = await withHost('/metadata', EVIL)
    expect(metadata.status).toBe(200)
    expect(metadata.text).toContain(`entityID="${server.url}${API}/ui/auth/sso/saml/metadata"`)
    expect(metadata.text).toContain(`Location="${server.url}${API}/ui/auth/sso/saml/acs"`)
    expect(metadata.text).not.toContain('evil.example')
    const read = await call<{ serviceProvider: Record<string, string> }>(server, 'GET', '/ui/admin/saml', {
      cookie: admin,
    })
    expect(read.body.serviceProvider.acsUrl).toBe(`${server.url}${API}/ui/auth/sso/saml/acs`)
    const answer = await assertionForEvilHost()
    expect(answer.location).toMatch(/ssoError=/)
    expect(answer.cookies.join(';')).not.toMatch(/console_session=[^;]/)
  })
})
