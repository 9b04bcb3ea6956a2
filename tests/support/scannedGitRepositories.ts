/**
 * The Scans List's git repositories with something to show, for the gallery: a GitHub
 * integration on a local fake vendor whose repositories are real local git repositories (one
 * locking minimist 0.0.8, which two shipped advisories match; one clean), both chosen and
 * connected to the scanner, under a watch whose policy flags any vulnerability. Answers once
 * the scanner has read them; the answer stops the vendor.
 */
import { gitScannerFor } from '../../server/xray/gitScanner'
import { startFakeGitVendor } from './fakeGitVendor'
import { gitRepository, lockOf } from './gitRepositories'
import { browserHeaders, type TestServer } from './server'
import { securityPolicy } from './xrayPolicies'

const TOKEN = 'gallery-vendor-token'

export async function scannedGitRepositories(server: TestServer): Promise<() => Promise<void>> {
  const vendor = await startFakeGitVendor({
    token: TOKEN,
    repositories: [
      { name: 'octo/web', private: false },
      { name: 'octo/api', private: true },
    ],
    gitDirs: {
      'octo/web': gitRepository(lockOf('web', { lodash: '4.17.21', mkdirp: '0.5.1', minimist: '0.0.8' })),
      'octo/api': gitRepository({ 'package.json': { name: 'api', dependencies: { lodash: '^4.17.21' } } }),
    },
  })
  try {
    const login = await fetch(`${server.url}/ui/api/v1/ui/auth/login?_spring_security_remember_me=false`, {
      method: 'POST',
      headers: browserHeaders(server.url),
      body: JSON.stringify({ user: 'admin', password: server.config.adminPassword, type: 'login' }),
    })
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('console_session='))
      ?.split(';')[0]
    const send = async (method: string, path: string, body: unknown) => {
      const res = await fetch(`${server.url}/ui/api/v1${path}`, {
        method,
        headers: browserHeaders(server.url, cookie),
        body: JSON.stringify(body),
      })
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
      return res
    }
    const created = await send('POST', '/integration', {
      integrationName: 'octo-github',
      userName: 'octo',
      token: TOKEN,
      url: vendor.githubUrl,
      vendorName: 1,
      integrationType: 1,
    })
    const key = ((await created.json()) as { data: string }).data
    await send('PUT', `/integration/${key}/repositories`, { selected: ['octo/web', 'octo/api'] })
    await send('POST', '/xray/api/v1/policies', securityPolicy('git-any-vulnerability', 'low'))
    await send('POST', '/xray/api/v1/watches', {
      name: 'git-repositories',
      description: 'The repositories the git integration scans',
      resources: {
        kind: 'repositories',
        repositories: ['git://octo-github/octo/web', 'git://octo-github/octo/api'],
      },
      policies: ['git-any-vulnerability'],
    })
    await send('POST', '/xray/ui/vcs_integrations', { integration_id: key })
    await gitScannerFor(server.ctx).idle()
  } catch (error) {
    await vendor.stop()
    throw error
  }
  return () => vendor.stop()
}
