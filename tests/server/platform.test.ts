import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FLAVOURS } from '../../server/config'
import { startTestServer, type TestServer } from '../support/server'
import { call, sessionOf } from '../support/apiCalls'
import { initialPlatformState, isUiBlocked } from '../../domain/platform'

let server: TestServer
let admin: string
let developer: string
beforeAll(async () => {
  server = await startTestServer()
  admin = await sessionOf(server, 'admin')
  developer = await sessionOf(server, 'developer')
})
afterAll(async () => server.stop())

describe('start-up data', () => {
  it('answers version, microservices, footer, entitlements and features to anyone', async () => {
    const version = await call<{ version: string; revision: string }>(server, 'GET', '/ui/system/version')
    expect(version.status).toBe(200)
    expect(version.body.version).toMatch(/^\d+\.\d+\.\d+/)
    expect(version.body.revision.length).toBeGreaterThan(0)

    const services = await call<{ services: Array<{ name: string; key: string; enabled: boolean }> }>(
      server,
      'GET',
      '/ui/system/microservices',
    )
    expect(services.body.services).toContainEqual({ name: 'artifactory', key: 'jfrt', enabled: true })
    expect(services.body.services).toContainEqual({ name: 'xray', key: 'jfxr', enabled: true })

    const footer = await call(server, 'GET', '/ui/system/footer')
    expect(footer.body).toMatchObject({
      serverName: 'Platform',
      flavour: 'platform',
      isCloud: false,
      licenseType: 'Enterprise+',
    })

    const entitlements = await call<{ entitlements: string[] }>(server, 'GET', '/ui/system/entitlements')
    expect(entitlements.body.entitlements).toContain('xray')

    const features = await call<{ features: Record<string, boolean> }>(server, 'GET', '/ui/system/features')
    expect(features.body.features).toMatchObject({
      homePage: true,
      artifactBrowser: true,
      licenseData: true,
      tour: false,
      trial: false,
    })
  })

  it('tells whether a service is enabled, by key or alias', async () => {
    expect((await call(server, 'GET', '/system/ismicroserviceenabled/jfxr')).body).toEqual({ enabled: true })
    expect((await call(server, 'GET', '/system/ismicroserviceenabled/mc')).body).toEqual({ enabled: true })
    expect((await call(server, 'GET', '/system/ismicroserviceenabled/no-such-service')).body).toEqual({
      enabled: false,
    })
  })

  it('needs a signed-in user for set-me-up, package types, reverse proxies, blocked usages and init status', async () => {
    for (const path of [
      '/ui/setMeUp',
      '/ui/packages/available',
      '/ui/system/configuration/webServer',
      '/ui/subscription/blockedUsages',
      '/ui/onboarding/initStatus',
    ]) {
      expect((await call(server, 'GET', path)).status, path).toBe(401)
      expect((await call(server, 'GET', path, { cookie: developer })).status, path).toBe(200)
    }
    const setMeUp = await call<{ baseUrl: string }>(server, 'GET', '/ui/setMeUp', { cookie: developer })
    expect(setMeUp.body.baseUrl).toBe(server.url)
    const types = await call<{ packageTypes: string[] }>(server, 'GET', '/ui/packages/available', {
      cookie: developer,
    })
    expect(types.body.packageTypes).toEqual(expect.arrayContaining(['npm', 'docker', 'maven', 'debian']))
    const proxies = await call<unknown[]>(server, 'GET', '/ui/system/configuration/webServer', {
      cookie: developer,
    })
    expect(proxies.body).toEqual([
      expect.objectContaining({
        key: 'direct',
        serverName: '127.0.0.1',
        useHttp: true,
        // The port it listens on, though picked by the system when it started (PORT=0):
        // Set Me Up's docker commands name this proxy.
        httpPort: Number(new URL(server.url).port),
        dockerReverseProxyMethod: 'REPOPATHPREFIX',
      }),
    ])
    expect((await call(server, 'GET', '/ui/onboarding/initStatus', { cookie: developer })).body).toEqual({
      hasOnlyDefaultRepos: true,
    })
  })

  // The console read a lowercase 'ui' the platform never stores (usages are uppercase), so a
  // blocked console was never blocked.
  it('blocks the console for the UI usage the platform accepts, not for a lowercase one', async () => {
    const put = (blocked: string[]) =>
      call(server, 'PUT', '/ui/subscription/blockedUsages', { body: { blocked }, cookie: admin })
    expect((await put(['ui'])).status).toBe(400)
    expect((await put(['UI'])).status).toBe(200)
    const read = await call<{ blocked: string[] }>(server, 'GET', '/ui/subscription/blockedUsages', {
      cookie: developer,
    })
    expect(isUiBlocked({ ...initialPlatformState, blockedUsages: read.body.blocked })).toBe(true)
    expect((await put([])).status).toBe(200)
    expect(isUiBlocked({ ...initialPlatformState, blockedUsages: ['DATA_TRANSFER'] })).toBe(false)
  })

  it('lets admins set blocked usages and reverse proxies; others get 403', async () => {
    const body = { blocked: ['DATA_TRANSFER'] }
    expect((await call(server, 'PUT', '/ui/subscription/blockedUsages', { body })).status).toBe(401)
    expect(
      (await call(server, 'PUT', '/ui/subscription/blockedUsages', { body, cookie: developer })).status,
    ).toBe(403)
    expect(
      (await call(server, 'PUT', '/ui/subscription/blockedUsages', { body, cookie: admin })).status,
    ).toBe(200)
    expect((await call(server, 'GET', '/ui/subscription/blockedUsages', { cookie: developer })).body).toEqual(
      body,
    )
    const bad = await call(server, 'PUT', '/ui/subscription/blockedUsages', {
      body: { blocked: ['no spaces'] },
      cookie: admin,
    })
    expect(bad.status).toBe(400)

    const proxy = {
      key: 'nginx',
      serverName: 'artifacts.example.com',
      dockerReverseProxyMethod: 'SUBDOMAIN',
      reverseProxyRepositories: ['docker-local'],
      useHttps: true,
      useHttp: false,
      httpsPort: 443,
      httpPort: 80,
    }
    expect(
      (await call(server, 'PUT', '/ui/system/configuration/webServer', { body: [proxy], cookie: developer }))
        .status,
    ).toBe(403)
    const duplicate = await call(server, 'PUT', '/ui/system/configuration/webServer', {
      body: [proxy, proxy],
      cookie: admin,
    })
    expect(duplicate.status).toBe(409)
    // Nothing half-written: the refused list left the old one in place.
    expect(
      (await call<unknown[]>(server, 'GET', '/ui/system/configuration/webServer', { cookie: admin })).body,
    ).toHaveLength(1)
    const saved = await call(server, 'PUT', '/ui/system/configuration/webServer', {
      body: [proxy],
      cookie: admin,
    })
    expect(saved.body).toEqual([proxy])
    const badPort = await call(server, 'PUT', '/ui/system/configuration/webServer', {
      body: [{ ...proxy, httpPort: 70000 }],
      cookie: admin,
    })
    expect(badPort.status).toBe(400)
    // Ports left out are the defaults: HTTP 80, HTTPS 443 (spec 000 section 9).
    const { httpsPort: _https, httpPort: _http, ...withoutPorts } = proxy
    const defaulted = await call(server, 'PUT', '/ui/system/configuration/webServer', {
      body: [{ ...withoutPorts, key: 'defaults' }],
      cookie: admin,
    })
    expect(defaulted.status).toBe(200)
    expect(defaulted.body).toEqual([{ ...proxy, key: 'defaults', httpsPort: 443, httpPort: 80 }])
  })
})

describe('onboarding questionnaire', () => {
  it('answers the defaults (default project dflt) before anything is saved', async () => {
    const res = await call(server, 'GET', '/ui/onboarding/questionnaire', { cookie: admin })
    expect(res.body).toMatchObject({
      purpose: '',
      role: '',
      desiredFeature: [],
      projectName: 'Default Project',
      projectKey: 'dflt',
    })
    expect((await call(server, 'GET', '/ui/onboarding/questionnaire')).status).toBe(401)
  })

  it('validates the steps answered so far and stores a valid questionnaire', async () => {
    const otherWithoutRole = await call(server, 'PUT', '/ui/onboarding/questionnaire', {
      cookie: admin,
      body: { purpose: 'Personal', role: 'Other' },
    })
    expect(otherWithoutRole.status).toBe(400)
    expect(otherWithoutRole.body).toMatchObject({ message: 'otherRole: This field is mandatory' })
    const commercial = await call(server, 'PUT', '/ui/onboarding/questionnaire', {
      cookie: admin,
      body: { purpose: 'Commercial', role: 'Software Developer' },
    })
    expect(commercial.body).toMatchObject({ message: 'companyName: This field is mandatory' })
    const badKey = await call(server, 'PUT', '/ui/onboarding/questionnaire', {
      cookie: admin,
      body: { projectKey: 'Team' },
    })
    expect(badKey.status).toBe(400)
    expect(badKey.body).toMatchObject({
      message: 'projectKey: Project key must start with a lowercase character',
    })
    const unknownFeature = await call(server, 'PUT', '/ui/onboarding/questionnaire', {
      cookie: admin,
      body: { desiredFeature: ['Teleportation'] },
    })
    expect(unknownFeature.status).toBe(400)

    const answer = {
      purpose: 'Commercial',
      companyName: 'Acme',
      role: 'Other',
      otherRole: 'Release engineer',
      desiredFeature: ['CI/CD', 'Container Registry'],
      projectName: 'Acme',
      projectKey: 'acme',
    }
    const saved = await call(server, 'PUT', '/ui/onboarding/questionnaire', { cookie: admin, body: answer })
    expect(saved.status).toBe(200)
    const read = await call(server, 'GET', '/ui/onboarding/questionnaire', { cookie: admin })
    expect(read.body).toMatchObject(answer)
    // Per user: the developer's is still empty.
    expect(
      (await call(server, 'GET', '/ui/onboarding/questionnaire', { cookie: developer })).body,
    ).toMatchObject({ purpose: '' })
  })
})

describe('getting started', () => {
  it('records that the user has seen getting started; the next user data says so', async () => {
    const current = async () =>
      (
        await call<{ hasSeenGettingStarted: boolean }>(server, 'GET', '/ui/auth/current', {
          cookie: developer,
        })
      ).body.hasSeenGettingStarted
    expect(await current()).toBe(false)
    const saved = await call(server, 'PUT', '/ui/onboarding/gettingStarted', { cookie: developer, body: {} })
    expect(saved.status).toBe(200)
    expect(saved.body).toEqual({ hasSeenGettingStarted: true })
    expect(await current()).toBe(true)
    expect((await call(server, 'PUT', '/ui/onboarding/gettingStarted', { body: {} })).status).toBe(401)
  })
})

describe('contact requests', () => {
  const form = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    country: 'United Kingdom',
    email: 'ada@example.com',
    helpOption: 'Request a demo',
    optionalComment: 'Please call',
    LeadSource: 'Product Form',
  }

  it('stores a valid request (201) and lists it to admins only', async () => {
    const res = await call(server, 'POST', '/marketing/contact', { cookie: developer, body: form })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ ...form, id: expect.any(Number) })
    expect((await call(server, 'GET', '/ui/admin/contactRequests', { cookie: developer })).status).toBe(403)
    const list = await call<unknown[]>(server, 'GET', '/ui/admin/contactRequests', { cookie: admin })
    expect(list.body).toContainEqual(
      expect.objectContaining({ email: 'ada@example.com', helpOption: 'Request a demo' }),
    )
  })

  it('answers a demo request with its scheduling page, and no other request', async () => {
    const demo = await call<{ id: number; schedulingLink?: string }>(server, 'POST', '/marketing/contact', {
      cookie: developer,
      body: form,
    })
    expect(demo.body.schedulingLink).toBe(`/ui/api/v1/marketing/contact/${demo.body.id}/schedule`)
    const page = await fetch(`${server.url}${demo.body.schedulingLink}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await page.text()
    expect(html).toContain('Book your demo')
    expect(html.match(/<li>/g)).toHaveLength(3)
    expect(html).not.toContain('Ada')
    const support = await call<{ id: number; schedulingLink?: string }>(
      server,
      'POST',
      '/marketing/contact',
      {
        cookie: developer,
        body: { ...form, helpOption: 'Technical support' },
      },
    )
    expect(support.status).toBe(201)
    expect(support.body.schedulingLink).toBeUndefined()
    const none = await fetch(`${server.url}/ui/api/v1/marketing/contact/${support.body.id}/schedule`)
    expect(none.status).toBe(404)
    // In the shape of every other refusal of the API.
    expect(await none.json()).toEqual({ message: 'No such demo request', code: 'NOT_FOUND' })
  })

  it('refuses invalid forms with 400 and stores nothing', async () => {
    const before = (await call<unknown[]>(server, 'GET', '/ui/admin/contactRequests', { cookie: admin })).body
      .length
    for (const body of [
      { ...form, email: 'not-an-address' },
      { ...form, helpOption: 'Free pizza' },
      { ...form, firstName: '   ' },
      { ...form, email: 'a@b.c\r\nBcc: x@y.z' },
      { lastName: 'x' },
    ]) {
      const res = await call(server, 'POST', '/marketing/contact', { cookie: developer, body })
      expect(res.status).toBe(400)
    }
    const after = (await call<unknown[]>(server, 'GET', '/ui/admin/contactRequests', { cookie: admin })).body
      .length
    expect(after).toBe(before)
    expect((await call(server, 'POST', '/marketing/contact', { body: form })).status).toBe(401)
  })
})

describe('flavours', () => {
  const seen = new Map<string, string>()

  // One test per flavour: each starts its own server.
  it.each(FLAVOURS)('starts the %s flavour with its own sensible data', async (flavour) => {
    const s = await startTestServer({}, { PLATFORM_FLAVOUR: flavour })
    try {
      const cookie = await sessionOf(s, 'developer')
      const footer = (
        await call<{ flavour: string; licenseType: string; isCloud: boolean }>(s, 'GET', '/ui/system/footer')
      ).body
      const services = (
        await call<{ services: Array<{ key: string; enabled: boolean }> }>(
          s,
          'GET',
          '/ui/system/microservices',
        )
      ).body
      const features = (await call<{ features: Record<string, boolean> }>(s, 'GET', '/ui/system/features'))
        .body.features
      const types = (await call<{ packageTypes: string[] }>(s, 'GET', '/ui/packages/available', { cookie }))
        .body.packageTypes
      const xray = services.services.find((x) => x.key === 'jfxr')?.enabled
      expect(footer.flavour).toBe(flavour)
      switch (flavour) {
        case 'oss':
        case 'community':
          expect(footer.licenseType).toBe('N/A')
          expect(xray).toBe(false)
          expect(features.licenseData).toBe(false)
          expect(
            (await call(s, 'GET', '/ui/admin/licenses', { cookie: await sessionOf(s, 'admin') })).body,
          ).toEqual([])
          break
        case 'container-registry':
          expect(types.every((t) => ['docker', 'helm', 'helmoci', 'oci'].includes(t))).toBe(true)
          expect(xray).toBe(false)
          break
        case 'edge':
          expect(features.edge).toBe(true)
          expect(xray).toBe(false)
          break
        case 'lightweight':
          expect(features.lightweightInstance).toBe(true)
          expect(features.homePage).toBe(false)
          break
        case 'cloud-trial':
          expect(footer.isCloud).toBe(true)
          expect(features).toMatchObject({
            trial: true,
            freeTier: true,
            quickDeployLanding: true,
            platformGetStarted: true,
          })
          expect((await call(s, 'GET', '/ui/auth/current', { cookie })).body).toMatchObject({
            freeTier: true,
            quickDeployEnabled: true,
          })
          break
        case 'tour':
          expect(features).toMatchObject({ tour: true, tourGetStarted: true })
          break
        case 'platform':
          expect(xray).toBe(true)
          break
      }
      seen.set(flavour, JSON.stringify({ services, features, types }))
    } finally {
      await s.stop()
    }
  })

  it('gives every flavour distinct data', () => {
    expect(seen.size).toBe(FLAVOURS.length)
    expect(new Set(seen.values()).size).toBe(FLAVOURS.length)
  })
})

describe('OpenAPI', () => {
  it('documents every auth, platform and admin route with its schema', async () => {
    const doc = await call<{
      paths: Record<string, Record<string, { summary?: string; responses: object }>>
    }>(server, 'GET', '/openapi.json')
    const expected: Array<[string, string]> = [
      ['post', '/ui/auth/login'],
      ['post', '/ui/auth/logout'],
      ['get', '/ui/auth/current'],
      ['get', '/ui/auth/loginRelatedData'],
      ['get', '/ui/auth/visualMode'],
      ['get', '/ui/auth/userPlugins'],
      ['get', '/ui/auth/realms'],
      ['get', '/ui/auth/loginDialog'],
      ['get', '/ui/auth/samlLogoutUrl'],
      ['get', '/ui/auth/samlRegistrationId'],
      ['get', '/ui/auth/oauthProviders'],
      ['get', '/ui/auth/autoRedirect'],
      ['get', '/ui/auth/mfa/enroll'],
      ['post', '/ui/auth/mfa/verify'],
      ['post', '/ui/auth/forgotPassword'],
      ['post', '/ui/auth/validateKey'],
      ['post', '/ui/auth/resetPassword'],
      ['post', '/ui/auth/changePassword'],
      ['post', '/ui/auth/register'],
      ['post', '/ui/auth/invitation'],
      ['post', '/ui/auth/invitation/accept'],
      ['post', '/ui/auth/cli/session'],
      ['post', '/access/api/v2/authentication/jfrog_client_login/response'],
      ['post', '/ui/userIdentifyToken/{name}'],
      ['post', '/ui/userProfile'],
      ['get', '/ui/userApiKey'],
      ['get', '/ui/system/version'],
      ['get', '/ui/system/microservices'],
      ['get', '/ui/system/footer'],
      ['get', '/ui/system/entitlements'],
      ['get', '/ui/system/features'],
      ['get', '/system/ismicroserviceenabled/{key}'],
      ['get', '/ui/onboarding/initStatus'],
      ['get', '/ui/onboarding/questionnaire'],
      ['put', '/ui/onboarding/questionnaire'],
      ['put', '/ui/onboarding/gettingStarted'],
      ['get', '/ui/subscription/blockedUsages'],
      ['put', '/ui/subscription/blockedUsages'],
      ['get', '/ui/system/configuration/webServer'],
      ['put', '/ui/system/configuration/webServer'],
      ['get', '/ui/setMeUp'],
      ['get', '/ui/packages/available'],
      ['post', '/marketing/contact'],
      ['get', '/marketing/contact/{id}/schedule'],
      ['get', '/ui/admin/contactRequests'],
      ['get', '/ui/projects'],
      ['get', '/ui/admin/generalConfig'],
      ['put', '/ui/admin/generalConfig'],
      ['get', '/ui/admin/licenses'],
      ['get', '/ui/admin/peers'],
      ['get', '/ui/admin/proxies'],
      ['post', '/ui/admin/proxies'],
      ['get', '/ui/admin/proxies/{key}'],
      ['put', '/ui/admin/proxies/{key}'],
      ['delete', '/ui/admin/proxies/{key}'],
      ['get', '/ui/admin/projects'],
      ['post', '/ui/admin/projects'],
      ['get', '/ui/admin/projects/{key}'],
      ['put', '/ui/admin/projects/{key}'],
      ['delete', '/ui/admin/projects/{key}'],
      ['get', '/ui/admin/projects/{key}/members'],
      ['put', '/ui/admin/projects/{key}/members'],
      ['post', '/ui/admin/invitations'],
    ]
    for (const kind of ['users', 'groups', 'permissions'])
      expected.push(
        ['get', `/ui/admin/${kind}`],
        ['post', `/ui/admin/${kind}`],
        ['get', `/ui/admin/${kind}/{name}`],
        ['put', `/ui/admin/${kind}/{name}`],
        ['delete', `/ui/admin/${kind}/{name}`],
      )
    const missing = expected.filter(([method, path]) => !doc.body.paths[path]?.[method]?.summary)
    expect(missing).toEqual([])
    expect(doc.body.paths['/ui/auth/login']!.post).toMatchObject({ requestBody: expect.any(Object) })
  })
})
