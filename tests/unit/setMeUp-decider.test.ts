// Set-me-up, an area of its own: its decisions, setting up a client (the relaunched guided flow
// or set-me-up) on the bus, and the set-up text.
import { describe, expect, it } from 'vitest'
import type { AppEvent, AppState } from '../../domain/app'
import { appSlice } from '../../domain/app'
import * as S from '../../domain/setMeUp/events'
import { setMeUpArea } from '../../domain/setMeUp/decider'
import { foldEvents, spec } from '../support/decider'
import { left } from 'fp-ts/Either'
import { createApp } from '../../composition/createApp'
import { setMeUpEffects } from '../../commands/effects/setMeUp'
import { clientFlowLength, RELAUNCH_FLOW_STEPS, relaunchFlowSupported } from '../../domain/quickSetup'
import { clientServed, clientSetup, dockerRegistry } from '../../domain/setMeUp/steps'
import type { ReverseProxy } from '../../domain/shared/webServer'
import { fakeSetMeUpApi, fakePorts } from '../support/fakePorts'

function boot(setMeUpApi = fakeSetMeUpApi()) {
  const app = createApp({ ports: fakePorts({ setMeUpApi }), effects: setMeUpEffects })
  const types: string[] = []
  app.events$.subscribe((e) => types.push(e.event.type))
  return { app, types }
}

const meta = { now: '2026-01-01T00:00:00.000Z', id: 'x' }
const given = (...events: AppEvent[]): AppState => foldEvents(events)
const setMeUp = spec(appSlice(setMeUpArea), meta)

describe('set-me-up decides on its own slice (spec 000 section 4)', () => {
  it('set-me-up shows with the package type lower-cased; hides only when shown', () => {
    setMeUp
      .given()
      .when({ type: 'setMeUp/Show', packageType: 'NPM', availableRepos: ['npm-local'] })
      .then(S.SetMeUpShown({ packageType: 'npm', availableRepos: ['npm-local'] }))
    setMeUp.given().when({ type: 'setMeUp/Hide' }).nothing()
    setMeUp.given(S.SetMeUpShown({})).when({ type: 'setMeUp/Hide' }).then(S.SetMeUpHidden({}))
    const shown = given(S.SetMeUpShown({ packageType: 'npm' }))
    expect(shown.setMeUp.panel).toEqual({
      visible: true,
      packageType: 'npm',
      availableRepos: [],
      getActiveNode: true,
    })
  })

  it('asks for the client base URL until it is known; a failure is kept until asked again', () => {
    setMeUp.given().when({ type: 'setMeUp/LoadClientBaseUrl' }).then(S.ClientBaseUrlRequested({}))
    setMeUp
      .given(S.ClientBaseUrlLoaded({ baseUrl: 'https://acme.test' }))
      .when({ type: 'setMeUp/LoadClientBaseUrl' })
      .nothing()
    const failed = S.ClientBaseUrlFailed({ failure: { kind: 'network', message: 'offline' } })
    expect(given(failed).setMeUp.clientBaseUrlFailure).toEqual({ kind: 'network', message: 'offline' })
    expect(given(failed, S.ClientBaseUrlRequested({})).setMeUp).toEqual({})
  })
})

describe('setting up a client', () => {
  it('relaunches the guided flow for a type that has one, and closes quick setup', async () => {
    const { app, types } = boot()
    app.dispatch({ type: 'quickSetup/Open' })
    app.dispatch({ type: 'quickSetup/SetUpClient', packageType: 'NPM', repo: 'npm-local' })
    expect(app.getState().quickSetup.clientFlow).toEqual({ packageType: 'npm', repo: 'npm-local', step: 0 })
    expect(app.getState().quickSetup.wizard?.visible ?? false).toBe(false)
    expect(app.getState().setMeUp.panel?.visible ?? false).toBe(false)
    expect(types.slice(1, 3)).toEqual(['quickSetup/ClientFlowRelaunched', 'quickSetup/Closed'])
    await expect.poll(() => app.getState().setMeUp.clientBaseUrl).toBe('http://platform.test')
  })

  it('asks for the base URL when set-me-up opens without it, and not again once it is known', async () => {
    const { app, types } = boot()
    app.dispatch({ type: 'setMeUp/Show' })
    expect(types).toEqual(['setMeUp/Shown', 'setMeUp/ClientBaseUrlRequested'])
    await expect.poll(() => app.getState().setMeUp.clientBaseUrl).toBe('http://platform.test')
    app.dispatch({ type: 'setMeUp/Hide' })
    app.dispatch({ type: 'setMeUp/Show' })
    expect(types.filter((t) => t === 'setMeUp/ClientBaseUrlRequested')).toHaveLength(1)
  })

  it('opens set-me-up (type lowercased, the repository listed) for a type without a flow', async () => {
    const { app } = boot()
    app.dispatch({ type: 'quickSetup/Open' })
    app.dispatch({ type: 'quickSetup/SetUpClient', packageType: 'Generic', repo: 'files-local' })
    expect(app.getState().quickSetup.clientFlow).toBeUndefined()
    expect(app.getState().setMeUp.panel).toEqual({
      visible: true,
      packageType: 'generic',
      availableRepos: ['files-local'],
      getActiveNode: true,
    })
    expect(app.getState().quickSetup.wizard?.visible ?? false).toBe(false)
  })

  it('shows and hides set-me-up, lower-casing the package type and resetting its config', () => {
    const { app } = boot()
    app.dispatch({ type: 'setMeUp/Show', packageType: 'NPM', availableRepos: ['npm-local'] })
    expect(app.getState().setMeUp.panel).toEqual({
      visible: true,
      packageType: 'npm',
      availableRepos: ['npm-local'],
      getActiveNode: true,
    })
    app.dispatch({ type: 'setMeUp/Hide' })
    expect(app.getState().setMeUp.panel).toBeUndefined()
  })

  it('opens quick setup as an overlay without the quick-deploy landing feature', () => {
    const { app, types } = boot()
    app.dispatch({ type: 'quickSetup/Open' })
    expect(app.getState().quickSetup.wizard).toEqual({ visible: true, singlePackageSelection: false })
    app.dispatch({ type: 'quickSetup/Close' })
    expect(app.getState().quickSetup.wizard).toBeUndefined()
    expect(types).toEqual(['quickSetup/Opened', 'quickSetup/Closed'])
  })

  it('refuses a repository key the platform would not accept', () => {
    const { app } = boot()
    app.dispatch({ type: 'quickSetup/SetUpClient', packageType: 'npm', repo: '../etc' })
    app.dispatch({ type: 'quickSetup/SetUpClient', packageType: ' ', repo: 'x' })
    expect(app.getState().bus.rejected).toBe(2)
    expect(app.getState().quickSetup.clientFlow).toBeUndefined()
    expect(relaunchFlowSupported('npm', 'a b')).toBe(false)
  })

  it('moves through the flow within its steps and closes it', () => {
    const { app } = boot()
    app.dispatch({ type: 'quickSetup/SetUpClient', packageType: 'docker', repo: 'docker-local' })
    app.dispatch({ type: 'quickSetup/MoveClientFlow', step: 2 })
    expect(app.getState().quickSetup.clientFlow?.step).toBe(2)
    // docker's flow: six set-up steps and the last one, 0 to 6.
    app.dispatch({ type: 'quickSetup/MoveClientFlow', step: 7 })
    expect(app.getState().bus.rejected).toBe(1)
    app.dispatch({ type: 'quickSetup/CloseClientFlow', finished: true })
    expect(app.getState().quickSetup.clientFlow).toBeUndefined()
  })

  it('keeps the base URL failure and loads again on request', async () => {
    let calls = 0
    const api = fakeSetMeUpApi({
      clientBaseUrl: async () =>
        ++calls === 1
          ? left({ kind: 'network' as const, message: 'offline' })
          : fakeSetMeUpApi().clientBaseUrl(),
    })
    const { app } = boot(api)
    app.dispatch({ type: 'setMeUp/Show', packageType: 'npm' })
    await expect
      .poll(() => app.getState().setMeUp.clientBaseUrlFailure)
      .toEqual({
        kind: 'network',
        message: 'offline',
      })
    app.dispatch({ type: 'setMeUp/LoadClientBaseUrl' })
    await expect.poll(() => app.getState().setMeUp.clientBaseUrl).toBe('http://platform.test')
    expect(app.getState().setMeUp.clientBaseUrlFailure).toBeUndefined()
    expect(calls).toBe(2)
  })
})

describe('client set-up text', () => {
  it('configures npm for the repository with the token, keyed by the registry address npm looks up', () => {
    const [config, login, publish, install] = clientSetup('npm', 'https://acme.example/', 'npm', {
      user: 'dev',
      token: 'cnt_abc',
    })
    expect(config).toEqual({
      title: 'Configure npm',
      file: '~/.npmrc',
      code:
        'registry=https://acme.example/artifactory/api/npm/npm/\n' +
        '//acme.example/artifactory/api/npm/npm/:_authToken=cnt_abc',
    })
    expect(login?.code).toBe('npm login --registry=https://acme.example/artifactory/api/npm/npm/')
    expect(publish?.code).toBe('npm publish')
    expect(install?.code).toBe('npm install <package>')
    // Without a token, a placeholder; a base URL with a path keeps it in both addresses.
    expect(clientSetup('npm', 'http://127.0.0.1:8082/tools', 'npm-local')[0]?.code).toBe(
      'registry=http://127.0.0.1:8082/tools/artifactory/api/npm/npm-local/\n' +
        '//127.0.0.1:8082/tools/artifactory/api/npm/npm-local/:_authToken=<token>',
    )
  })

  it('gives files over HTTP for generic and for the clients the platform does not serve', () => {
    expect(clientSetup('generic', 'https://acme.example', 'files', { user: 'dev', token: 't' })).toEqual([
      {
        title: 'Upload a file',
        code: 'curl -u dev:t -T <file> "https://acme.example/artifactory/files/<path>"',
      },
      { title: 'Download a file', code: 'curl -u dev:t -O "https://acme.example/artifactory/files/<path>"' },
    ])
    for (const type of ['pypi', 'maven', 'golang', 'helm', 'unknown-type'])
      expect(clientSetup(type, 'https://acme.example', 'r')[0]?.code).toBe(
        'curl -u <user> -T <file> "https://acme.example/artifactory/r/<path>"',
      )
    expect(['npm', 'generic', 'NPM', 'docker'].map(clientServed)).toEqual([true, true, true, true])
    expect(['pypi', 'maven', 'unknown-type'].map(clientServed)).toEqual([false, false, false])
  })

  it("gives docker, podman and skopeo the platform's registry host, signed in with the token", () => {
    const steps = clientSetup('docker', 'https://acme.example/tools/', 'docker', {
      user: 'dev',
      token: 'cnt_abc',
    })
    expect(steps.map((s) => s.title)).toEqual([
      'Sign in with docker',
      'Tag an image',
      'Push an image',
      'Pull an image',
      'With podman',
      'With skopeo',
    ])
    // The registry is at the host's root, whatever path the console's base URL has.
    expect(steps.map((s) => s.code)).toEqual([
      'docker login acme.example -u dev -p cnt_abc',
      'docker tag <image>:<tag> acme.example/docker/<image>:<tag>',
      'docker push acme.example/docker/<image>:<tag>',
      'docker pull acme.example/docker/<image>:<tag>',
      'podman login acme.example -u dev -p cnt_abc\n' +
        'podman tag <image>:<tag> acme.example/docker/<image>:<tag>\n' +
        'podman push acme.example/docker/<image>:<tag>\n' +
        'podman pull acme.example/docker/<image>:<tag>',
      'skopeo copy --dest-creds dev:cnt_abc oci:<dir>:<tag> docker://acme.example/docker/<image>:<tag>\n' +
        'skopeo copy --src-creds dev:cnt_abc docker://acme.example/docker/<image>:<tag> oci:<dir>:<tag>\n' +
        'skopeo list-tags --creds dev:cnt_abc docker://acme.example/docker/<image>',
    ])
    // Plain HTTP: the clients are told not to expect TLS; no token, placeholders.
    const plain = clientSetup('docker', 'http://127.0.0.1:8082', 'docker-local')
    expect(plain[0]?.code).toBe(
      '# Plain HTTP: add "insecure-registries": ["127.0.0.1:8082"] to /etc/docker/daemon.json first\n' +
        'docker login 127.0.0.1:8082 -u <user>',
    )
    expect(plain[4]?.code.split('\n')[2]).toBe(
      'podman push --tls-verify=false 127.0.0.1:8082/docker-local/<image>:<tag>',
    )
    expect(plain[5]?.code.split('\n')[0]).toBe(
      'skopeo copy --dest-tls-verify=false --dest-creds <user>:<token> oci:<dir>:<tag> docker://127.0.0.1:8082/docker-local/<image>:<tag>',
    )
  })

  it('gives each guided flow its set-up steps and a last one', () => {
    for (const type of Object.keys(RELAUNCH_FLOW_STEPS)) {
      expect(clientFlowLength(type)).toBe(clientSetup(type, 'https://x', 'r').length + 1)
      expect(relaunchFlowSupported(type, 'r')).toBe(true)
    }
    expect(clientFlowLength('generic')).toBe(0)
  })
})

describe('where docker reaches a repository (the reverse proxies of the web server configuration)', () => {
  const proxy = (over: Partial<ReverseProxy>): ReverseProxy => ({
    serverName: 'acme.example',
    dockerReverseProxyMethod: 'REPOPATHPREFIX',
    reverseProxyRepositories: [],
    useHttps: false,
    useHttp: true,
    httpsPort: 443,
    httpPort: 80,
    ...over,
  })
  it.each([
    [
      'no proxy: the base URL host',
      [],
      { host: '127.0.0.1:8082', registry: '127.0.0.1:8082/dl', plain: true },
    ],
    [
      'path prefix, HTTP on its default port',
      [proxy({})],
      { host: 'acme.example', registry: 'acme.example/dl', plain: true },
    ],
    [
      'HTTPS wins over HTTP, a port other than 443 said',
      [proxy({ useHttps: true, httpsPort: 8443 })],
      { host: 'acme.example:8443', registry: 'acme.example:8443/dl', plain: false },
    ],
    [
      'a subdomain per repository',
      [proxy({ dockerReverseProxyMethod: 'SUBDOMAIN', useHttps: true })],
      { host: 'dl.acme.example', registry: 'dl.acme.example', plain: false },
    ],
    [
      "a port per repository: the proxy naming it, with that proxy's port",
      [
        proxy({ serverName: 'other.example' }),
        proxy({ dockerReverseProxyMethod: 'PORTPERREPO', reverseProxyRepositories: ['dl'], httpPort: 5001 }),
      ],
      { host: 'acme.example:5001', registry: 'acme.example:5001', plain: true },
    ],
    [
      'a proxy for other repositories only, or serving neither scheme, is not used',
      [proxy({ reverseProxyRepositories: ['other'] }), proxy({ useHttp: false })],
      { host: '127.0.0.1:8082', registry: '127.0.0.1:8082/dl', plain: true },
    ],
  ] as const)('%s', (_, proxies, expected) => {
    expect(dockerRegistry('http://127.0.0.1:8082/', 'dl', proxies)).toEqual(expected)
  })

  it("puts the proxy's address in every docker, podman and skopeo command", () => {
    const steps = clientSetup('docker', 'http://127.0.0.1:8082', 'dl', undefined, [proxy({ useHttps: true })])
    const text = steps.map((s) => s.code).join('\n')
    expect(text).not.toContain('127.0.0.1')
    expect(text).not.toContain('tls-verify=false')
    expect(text).toContain('docker pull acme.example/dl/<image>:<tag>')
    expect(text).toContain('skopeo list-tags --creds <user>:<token> docker://acme.example/dl/<image>')
  })
})
