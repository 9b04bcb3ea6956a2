// Setting up a client: the relaunched guided flow or set-me-up, and the set-up text.
import { describe, expect, it } from 'vitest'
import { left } from 'fp-ts/Either'
import { createApp } from '../../commands/createApp'
import { navigationEffects } from '../../commands/effects/navigation'
import { clientFlowLength, RELAUNCH_FLOW_STEPS, relaunchFlowSupported } from '../../domain/onboarding'
import { clientSetup } from '../../domain/onboarding/setMeUp'
import { fakeNavigationApi, fakePorts } from '../support/fakePorts'

function boot(navigationApi = fakeNavigationApi()) {
  const app = createApp({ ports: fakePorts({ navigationApi }), effects: navigationEffects })
  const types: string[] = []
  app.events$.subscribe((e) => types.push(e.event.type))
  return { app, types }
}

describe('setting up a client', () => {
  it('relaunches the guided flow for a type that has one, and closes quick setup', async () => {
    const { app, types } = boot()
    app.dispatch({ type: 'navigation/OpenQuickSetup' })
    app.dispatch({ type: 'onboarding/SetUpClient', packageType: 'NPM', repo: 'npm-local' })
    expect(app.getState().onboarding.clientFlow).toEqual({ packageType: 'npm', repo: 'npm-local', step: 0 })
    expect(app.getState().navigation.quickSetupVisible).toBe(false)
    expect(app.getState().navigation.setMeUp.visible).toBe(false)
    expect(types.slice(1, 3)).toEqual(['onboarding/ClientFlowRelaunched', 'navigation/QuickSetupClosed'])
    await expect.poll(() => app.getState().navigation.clientBaseUrl).toBe('http://platform.test')
  })

  it('opens set-me-up (type lowercased, the repository listed) for a type without a flow', async () => {
    const { app } = boot()
    app.dispatch({ type: 'navigation/OpenQuickSetup' })
    app.dispatch({ type: 'onboarding/SetUpClient', packageType: 'Generic', repo: 'files-local' })
    expect(app.getState().onboarding.clientFlow).toBeUndefined()
    expect(app.getState().navigation.setMeUp).toEqual({
      visible: true,
      packageType: 'generic',
      availableRepos: ['files-local'],
      getActiveNode: true,
    })
    expect(app.getState().navigation.quickSetupVisible).toBe(false)
  })

  it('refuses a repository key the platform would not accept', () => {
    const { app } = boot()
    app.dispatch({ type: 'onboarding/SetUpClient', packageType: 'npm', repo: '../etc' })
    app.dispatch({ type: 'onboarding/SetUpClient', packageType: ' ', repo: 'x' })
    expect(app.getState().bus.rejected).toBe(2)
    expect(app.getState().onboarding.clientFlow).toBeUndefined()
    expect(relaunchFlowSupported('npm', 'a b')).toBe(false)
  })

  it('moves through the flow within its steps and closes it', () => {
    const { app } = boot()
    app.dispatch({ type: 'onboarding/SetUpClient', packageType: 'docker', repo: 'docker-local' })
    app.dispatch({ type: 'onboarding/MoveClientFlow', step: 3 })
    expect(app.getState().onboarding.clientFlow?.step).toBe(3)
    app.dispatch({ type: 'onboarding/MoveClientFlow', step: 4 })
    expect(app.getState().bus.rejected).toBe(1)
    app.dispatch({ type: 'onboarding/CloseClientFlow', finished: true })
    expect(app.getState().onboarding.clientFlow).toBeUndefined()
  })

  it('keeps the base URL failure and loads again on request', async () => {
    let calls = 0
    const api = {
      ...fakeNavigationApi(),
      setMeUp: async () =>
        ++calls === 1
          ? left({ kind: 'network' as const, message: 'offline' })
          : fakeNavigationApi().setMeUp(),
    }
    const { app } = boot(api)
    app.dispatch({ type: 'navigation/ShowSetMeUp', packageType: 'npm' })
    await expect.poll(() => app.getState().navigation.clientBaseUrlFailure).toBe('offline')
    app.dispatch({ type: 'navigation/LoadClientBaseUrl' })
    await expect.poll(() => app.getState().navigation.clientBaseUrl).toBe('http://platform.test')
    expect(app.getState().navigation.clientBaseUrlFailure).toBeUndefined()
    expect(calls).toBe(2)
  })
})

describe('client set-up text', () => {
  it('points each client at the repository on the platform', () => {
    expect(clientSetup('npm', 'https://acme.example/', 'npm-remote')[0]?.code).toBe(
      'npm config set registry https://acme.example/artifactory/api/npm/npm-remote/',
    )
    expect(clientSetup('pypi', 'https://acme.example', 'py')[0]).toEqual({
      title: 'Configure pip',
      file: '~/.pip/pip.conf',
      code: '[global]\nindex-url = https://acme.example/artifactory/api/pypi/py/simple',
    })
    expect(clientSetup('docker', 'http://127.0.0.1:8082', 'docker-local')[1]?.code).toBe(
      'docker pull 127.0.0.1:8082/docker-local/<image>:<tag>',
    )
    expect(clientSetup('golang', 'https://acme.example', 'go')[0]?.code).toBe(
      'export GOPROXY="https://acme.example/artifactory/api/go/go"',
    )
    expect(clientSetup('maven', 'https://acme.example', 'libs')[0]?.code).toContain(
      '<url>https://acme.example/artifactory/libs</url>',
    )
    expect(clientSetup('unknown-type', 'https://acme.example', 'files')[0]?.code).toBe(
      'curl -u <user> -T <file> "https://acme.example/artifactory/files/<path>"',
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
