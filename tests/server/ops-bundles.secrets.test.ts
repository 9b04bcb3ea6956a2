/**
 * A support bundle holds no secret by value: environment variables named like secrets or
 * holding credential-like values (a token, a URL with a password, a webhook), the configured
 * passwords and every kind of stored secret (integration token, remote repositories' upstream
 * password and token, OpenID Connect client secret, LDAP manager and Crowd application
 * passwords, a proxy's password, the cluster's node key, a user's API key and authenticator
 * secret) are seeded, tokens the platform issues (stored hashed) are made, all of them are
 * copied into the request log (percent-encoded, as a client sends them), a bundle is made and
 * downloaded, and every file of the zip is searched for each of them.
 */
import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { poll } from '../support/wait'
import { corpusFile } from '../support/corpora'
import { createRoles, type TestSession } from './helpers/sessions'
import { authStore, userRecords } from '../../server/auth/store'
import { opsStore } from '../../server/ops/store'

let server: TestServer
let admin: TestSession
const api = (path: string) => `${server.url}/ui/api/v1${path}`
const post = (path: string, body: unknown) =>
  fetch(api(path), {
    method: 'POST',
    headers: browserHeaders(server.url, admin.cookie),
    body: JSON.stringify(body),
  })

/** Makes a bundle with one thread dump, waits for it, and gives its files by name. */
async function bundleEntries(name: string): Promise<Record<string, Uint8Array>> {
  const res = await post('/ui/userSupport/generateBundle', {
    name,
    description: '',
    service: 'artifactory',
    parameters: { thread_dump: { count: '1', interval: 0 } },
  })
  expect(res.status).toBe(201)
  const { id } = (await res.json()) as { id: string }
  await poll(
    async () =>
      (await (
        await fetch(api('/ui/userSupport/listBundles'), { headers: { cookie: admin.cookie } })
      ).json()) as Array<{ id: string; status: string }>,
    (list) => list.some((b) => b.id === id && b.status === 'success'),
    { what: `the bundle ${name}`, timeoutMs: 20_000 },
  )
  const zip = await fetch(api(`/ui/userSupport/downloadBundle/${id}`), { headers: { cookie: admin.cookie } })
  return unzipSync(new Uint8Array(await zip.arrayBuffer()))
}

/** Made up here, each unlike anything else in a bundle. */
const SEEDED: Record<string, string> = {
  NPM_TOKEN: 'npm_Q7t2bLw9Zx4Kc8Vd1Rm5Hs3Jp6Fy0Ng',
  DATABASE_URL: 'postgres://app:Db-Pa55-9xq@db.internal.test:5432/platform',
  SLACK_WEBHOOK_URL: 'https://hooks.slack.test/services/T0A1B2C3/B4D5E6F7/w8X9y0Z1a2B3c4D5',
  SIGNING_KEY: 'sk-live-3f9a7c1e5b2d8046',
  // Named like nothing secret: found by its value.
  BUILD_NOTE: 'ghp_9aZ8bY7cX6dW5eV4fU3gT2hS1iR0jQ',
}
const GIT_TOKEN = 'glpat-Integration-7Tk3n-Q2w9'
/** A remote repository's stored upstream credentials. */
const UPSTREAM_PASSWORD = 'Upstream-pw-4Rt8'
const UPSTREAM_TOKEN = 'upstream-Tok3n-Zq81'
/** The OpenID Connect client's stored secret. */
const OIDC_SECRET = 'Oidc-Cl1ent-S3cret-x7'
/** Directory, proxy and user secrets the platform keeps. */
const LDAP_PASSWORD = 'Ldap-Manag3r-pw-k2'
const CROWD_PASSWORD = 'Crowd-App-pw-9Lm'
const PROXY_PASSWORD = 'Proxy-pw-6Tb1x'
const API_KEY = 'AKCseededApiKey7Hq2Wm9Xv4Pz'
const MFA_SECRET = 'JBSWY3DPEHPK3PXPSEEDED7Q'

beforeAll(async () => {
  server = await startTestServer({ flavour: 'platform', adminPassword: 'Adm1n-pw-Seeded' })
  ;({ admin } = await createRoles(server.ctx.sql))
  Object.assign(process.env, SEEDED)
})
afterAll(async () => {
  for (const key of Object.keys(SEEDED)) delete process.env[key]
  await server.stop()
})

describe('support bundle redaction by value', () => {
  it('leaves no seeded secret anywhere in the zip, thread dumps included', async () => {
    const integration = await post('/integration', {
      integrationName: 'bundle-secrets',
      userName: 'octo',
      url: 'https://git.example.test/api/v3/',
      vendorName: 1,
      integrationType: 1,
      token: GIT_TOKEN,
    })
    expect(integration.status).toBe(201)
    for (const [repo, credentials] of [
      ['npm-remote', { userName: 'ci', password: UPSTREAM_PASSWORD }],
      ['generic-remote', { token: UPSTREAM_TOKEN }],
    ] as const) {
      const saved = await fetch(api(`/repositories/${repo}/remote`), {
        method: 'PUT',
        headers: browserHeaders(server.url, admin.cookie),
        body: JSON.stringify({ credentials }),
      })
      expect(saved.status, repo).toBe(200)
    }
    const oidc = await fetch(api('/ui/admin/oidc'), {
      method: 'PUT',
      headers: browserHeaders(server.url, admin.cookie),
      body: JSON.stringify({ clientSecret: OIDC_SECRET }),
    })
    expect(oidc.status).toBe(200)
    for (const [path, body] of [
      ['/ui/admin/ldap', { managerDn: 'cn=manager', managerPassword: LDAP_PASSWORD }],
      ['/ui/admin/crowd', { applicationName: 'platform', applicationPassword: CROWD_PASSWORD }],
    ] as const) {
      const saved = await fetch(api(path), {
        method: 'PUT',
        headers: browserHeaders(server.url, admin.cookie),
        body: JSON.stringify(body),
      })
      expect(saved.status, path).toBe(200)
    }
    const proxy = await post('/ui/admin/proxies', {
      key: 'bundle-proxy',
      host: 'proxy.example.test',
      port: 3128,
      username: 'px',
      password: PROXY_PASSWORD,
    })
    expect(proxy.status).toBe(201)
    // The node key nodes sign their calls with: the one stored first stays, so read it back.
    const nodeKey = await opsStore(server.ctx.sql).nodeKey('Node-K3y-seeded-5Rw8Jt2Vq')
    expect(nodeKey).toBeDefined()
    const { id: adminId } = (await server.ctx.sql.one<{ id: number }>('SELECT id FROM users WHERE name = ?', [
      admin.name,
    ]))!
    expect(await authStore(server.ctx.sql).apiKeyOf(adminId, API_KEY)).toBe(API_KEY)
    await userRecords(server.ctx.sql).setMfaSecret(adminId, MFA_SECRET)
    const stored = [
      GIT_TOKEN,
      UPSTREAM_PASSWORD,
      UPSTREAM_TOKEN,
      OIDC_SECRET,
      LDAP_PASSWORD,
      CROWD_PASSWORD,
      PROXY_PASSWORD,
      nodeKey!,
      API_KEY,
      MFA_SECRET,
    ]
    // Tokens the platform issues are stored hashed: a bundle knows them by their shape.
    const clientToken = await fetch(api('/ui/npm/token'), {
      method: 'POST',
      headers: browserHeaders(server.url, admin.cookie),
      body: '{}',
    })
    expect(clientToken.status).toBe(200)
    const { token: npmToken } = (await clientToken.json()) as { token: string }
    const registryToken = await fetch(`${server.url}/v2/token`, {
      headers: { authorization: `Basic ${Buffer.from('admin:Adm1n-pw-Seeded').toString('base64')}` },
    })
    expect(registryToken.status).toBe(200)
    const { token: ociToken } = (await registryToken.json()) as { token: string }
    const issued = [npmToken, ociToken]
    // A secret in a request's path reaches the node's request log (its query does not),
    // percent-encoded as a client sends it: a URL secret's slashes and colons too.
    for (const secret of [...Object.values(SEEDED), ...stored, ...issued])
      await fetch(api(`/system/ping/${encodeURIComponent(secret)}`))

    const entries = await bundleEntries('secrets')
    const dump = Object.keys(entries).find((n) => n.startsWith('thread-dumps/'))
    expect(dump).toBeDefined()
    // The dump still lists the variables, without their values.
    const env = (JSON.parse(strFromU8(entries[dump!]!)) as { environmentVariables: Record<string, string> })
      .environmentVariables
    expect(Object.keys(env)).toEqual(expect.arrayContaining(Object.keys(SEEDED)))

    const secrets = [...Object.values(SEEDED), 'Db-Pa55-9xq', 'Adm1n-pw-Seeded', ...stored, ...issued]
    const leaks = Object.entries(entries).flatMap(([name, bytes]) => {
      const text = strFromU8(bytes)
      return secrets
        .filter((s) => text.includes(s) || text.includes(encodeURIComponent(s)))
        .map((s) => `${name}: ${s}`)
    })
    expect(leaks).toEqual([])
  })
})

/** The hostile characters of the URL corpus's percent-encoding cases (their UTF-8 rows). */
const CORPUS_INPUTS = (JSON.parse(corpusFile('url/percent-encoding.json')) as unknown[])
  .filter((row): row is { input: string; output: { 'utf-8'?: string } } => typeof row === 'object')
  .filter((row) => row.output['utf-8'] !== undefined)
  .map((row) => row.input)

const hex = (byte: number) => byte.toString(16).padStart(2, '0')
/**
 * The ways a client writes a secret into a path besides `encodeURIComponent`'s: its percent
 * escapes in lower or mixed case, form-encoded (`+` for a space, `~!'()` escaped), every byte
 * escaped, encoded twice, and raw where the URL parser lets a character through (`|`, which the
 * request log writes as a space).
 */
const CLIENT_FORMS: Record<string, (secret: string) => string> = {
  lower: (s) => encodeURIComponent(s).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase()),
  mixed: (s) => {
    let n = 0
    return encodeURIComponent(s).replace(/%[0-9A-F]{2}/g, (e) => (n++ % 2 ? e.toLowerCase() : e))
  },
  form: (s) => new URLSearchParams({ v: s }).toString().slice(2),
  everyByte: (s) => [...Buffer.from(s, 'utf8')].map((b) => `%${hex(b)}`).join(''),
  twice: (s) => encodeURIComponent(encodeURIComponent(s)),
  raw: (s) => encodeURIComponent(s).replace(/%7C/g, '|'),
}

describe('support bundle redaction of secrets a client encoded its own way', () => {
  // Named like secrets, so the platform knows each by value.
  const SECRETS: Record<string, string> = {
    SMTP_PASSWORD: "correct horse ~battery! (staple) 'x42'",
    TEAMS_WEBHOOK_URL: 'https://hooks.teams.test/webhookb2/a1b2c3~d4(e5)!x?k=v&t=a b',
    ...Object.fromEntries(CORPUS_INPUTS.map((input, i) => [`CORPUS_SECRET_${i}`, `Pw-${input}-Zq81`])),
  }
  beforeAll(() => void Object.assign(process.env, SECRETS))
  afterAll(() => {
    for (const key of Object.keys(SECRETS)) delete process.env[key]
  })

  it('cuts each whole from the request log, in every form, and leaves it nowhere in the zip', async () => {
    // A token the platform issued (stored hashed: known by its shape) goes the same ways.
    const issued = await post('/ui/npm/token', {})
    expect(issued.status).toBe(200)
    const { token } = (await issued.json()) as { token: string }
    const secrets = [...Object.values(SECRETS), token]
    const sent: Array<{ probe: string; form: string }> = []
    for (const [i, secret] of secrets.entries())
      for (const [name, encode] of Object.entries(CLIENT_FORMS)) {
        const probe = `probe-${i}-${name}`
        const form = encode(secret)
        sent.push({ probe, form })
        await fetch(`${server.url}/ui/api/v1/system/ping/${probe}/${form}`)
      }
    const entries = await bundleEntries('client-forms')
    const log = Object.entries(entries).find(([name]) => name.endsWith('/artifactory-request.log'))
    expect(log).toBeDefined()
    const lines = strFromU8(log![1]).split('\n')
    // Each request is in the log, its secret replaced whole: nothing of it left on either side.
    const notCut = sent
      .map(({ probe, form }) => ({ form, line: lines.find((l) => l.includes(`/${probe}/`)) }))
      .filter(({ line }) => !line?.match(/\/probe-\d+-\w+\/\*{8}\|/))
      .map(({ form, line }) => `${form} -> ${line ?? 'not logged'}`)
    expect(notCut).toEqual([])
    const leaks = Object.entries(entries).flatMap(([name, bytes]) => {
      const text = strFromU8(bytes)
      return [...secrets, ...sent.map((s) => s.form)]
        .filter((s) => text.includes(s))
        .map((s) => `${name}: ${s}`)
    })
    expect(leaks).toEqual([])
  })
})
