// The start-up sequence through the real bus with fake platform answers.
import { describe, expect, it } from 'vitest'
import { createApp } from '../../composition/createApp'
import { allEffects } from '../../composition/createApp'
import type { Ports } from '../../adapters/ports'
import { fakePorts, memoryStore } from '../support/fakePorts'
import {
  anonymous,
  fail,
  footer,
  platformApi,
  related,
  sessionApi,
  statusFailure,
  user,
} from '../support/fixtures'
import { flush } from '../support/wait'

function start(over: Partial<Ports>) {
  const app = createApp({ ports: fakePorts(over), effects: allEffects })
  const types: string[] = []
  app.events$.subscribe((e) => types.push(e.event.type))
  app.dispatch({ type: 'platform/Start' })
  return { app, types }
}

describe('platform start-up', () => {
  it('chooses the project the signed-in user last chose in this browser, if still theirs', async () => {
    const localStore = memoryStore()
    localStore.set('selectedProject.developer', 'proj')
    localStore.set('selectedProject.other', 'elsewhere')
    const { app } = start({ platformApi: platformApi(), sessionApi: sessionApi({}, user()), localStore })
    await flush()
    expect(app.getState().navigation.selectedProject).toBe('proj')
    expect(app.exportLog()).toContain('"remembered":"proj"')
  })

  it('runs the sequence in order for a signed-in user and ends with the initial data fetched', async () => {
    const { app, types } = start({
      platformApi: platformApi(),
      sessionApi: sessionApi({}, user({ admin: true })),
    })
    await flush()
    // The facts, in order; the steps the platform decider asked for between them come after.
    const platformAndSession = types.filter(
      (t) => (t.startsWith('platform/') || t.startsWith('session/')) && t !== 'platform/StartStepRequested',
    )
    expect(platformAndSession.slice(0, 4)).toEqual([
      'platform/StartRequested',
      'session/LoginDataLoaded',
      'session/UserDataLoaded',
      'platform/InitialDataLoaded',
    ])
    expect(platformAndSession.slice(4, 6)).toEqual([
      'platform/FeaturesLoaded',
      'platform/LocalPreferencesRead',
    ])
    // The parallel loads, in any order.
    expect(new Set(platformAndSession.slice(6, 11))).toEqual(
      new Set([
        'platform/ProjectsLoaded',
        'session/SamlLogoutUrlLoaded',
        'platform/PackageTypesLoaded',
        'platform/BlockedUsagesLoaded',
        'platform/OnboardingStatusLoaded',
      ]),
    )
    expect(platformAndSession.slice(11)).toEqual([
      'platform/CloudTrialStateSet',
      'platform/AnalyticsDecided',
      'platform/UiPersonalised',
      'platform/StartCompleted',
      'platform/NavigationTypeInitialised',
    ])
    const stepsAsked = app
      .exportLog()
      .split('\n')
      .filter((line) => line.includes('"type":"platform/StartStepRequested"'))
      .map((line) => (JSON.parse(line) as { data: { step: string } }).data.step)
    expect(stepsAsked).toEqual(['userData', 'initialData', 'features', 'parallelLoads', 'navigationType'])
    expect(app.exportLog()).not.toContain('CommandRejected')
    const state = app.getState()
    expect(state.platform.loading).toBe(false)
    expect(state.platform.initialDataFetched).toBe(true)
    expect(state.platform.footer?.serverName).toBe('Platform')
    expect(state.platform.projects).toEqual([{ key: 'proj', name: 'Project' }])
    expect(state.platform.scanningInitialised).toBe(true)
    expect(state.session.status).toBe('signedIn')
    expect(state.preferences.savedNavigationType).toBe('new')
  })

  it('conditional loads: insight analytics, cloud info widget, cloud trial, analytics, skipped onboarding', async () => {
    const { app, types } = start({
      platformApi: platformApi({
        microservices: () =>
          Promise.resolve({
            _tag: 'Right',
            right: [{ name: 'insight', key: 'jfi', enabled: true }],
          }),
        footer: () =>
          Promise.resolve({ _tag: 'Right', right: footer({ isCloud: true, flavour: 'cloud-trial' }) }),
        features: () =>
          Promise.resolve({ _tag: 'Right', right: { analytics: true, platformGetStarted: true } }),
      }),
      sessionApi: sessionApi({}, user()),
    })
    await flush()
    expect(types).toContain('platform/SupportAnalyticsLoaded')
    expect(types).toContain('platform/InfoWidgetLoaded')
    expect(types).not.toContain('platform/OnboardingStatusLoaded')
    // Every signed-in user loads the projects they belong to (the top bar's project selector).
    expect(types).toContain('platform/ProjectsLoaded')
    const state = app.getState().platform
    expect(state.cloudTrial).toBe(true)
    expect(state.analyticsEnabled).toBe(true)
    expect(state.artifactCount).toBe(42)
    expect(state.scanningInitialised).toBe(false)
  })

  it('an anonymous visitor without anonymous access gets only the initial data', async () => {
    const { app, types } = start({ platformApi: platformApi(), sessionApi: sessionApi({}, anonymous()) })
    await flush()
    expect(types).not.toContain('platform/FeaturesLoaded')
    expect(types).toContain('platform/StartCompleted')
    expect(app.getState().session.status).toBe('anonymous')
  })

  it('an anonymous visitor with anonymous access gets the full sequence', async () => {
    const { types } = start({
      platformApi: platformApi(),
      sessionApi: sessionApi(
        {
          loginRelatedData: () =>
            Promise.resolve({ _tag: 'Right', right: related({ anonAccessEnabled: true }) }),
        },
        anonymous(),
      ),
    })
    await flush()
    expect(types).toContain('platform/FeaturesLoaded')
    expect(types).toContain('platform/UiPersonalised')
  })

  it('any failure clears loading and the initial-data-fetched flag, without a message', async () => {
    for (const [over, step] of [
      [{ footer: () => fail(statusFailure(500, 'boom')) }, 'initialData'],
      [{ blockedUsages: () => fail(statusFailure(500, 'boom')) }, 'parallelLoads'],
      [{ features: () => fail({ kind: 'network', message: 'down' }) }, 'features'],
    ] as const) {
      const { app, types } = start({ platformApi: platformApi(over), sessionApi: sessionApi({}, user()) })
      await flush()
      expect(types).toContain('platform/StartFailed')
      expect(types).not.toContain('platform/StartCompleted')
      const state = app.getState()
      expect(state.platform.loading).toBe(false)
      expect(state.platform.initialDataFetched).toBe(false)
      expect(state.platform.lastFailure?.step).toBe(step)
      expect(state.notifications).toEqual(
        createApp({ ports: fakePorts(), effects: {} }).getState().notifications,
      )
    }
  })

  it('starts only once at a time', async () => {
    const { app } = start({ platformApi: platformApi(), sessionApi: sessionApi({}, user()) })
    app.dispatch({ type: 'platform/Start' })
    expect(app.getState().bus.rejected).toBe(1)
    await flush()
    expect(app.getState().platform.starts).toBe(1)
  })
})

describe('session storage restored as the app comes up', () => {
  it('records the saved path, the CLI values and the dialog dismissal that are there, and nothing else', () => {
    const ports = fakePorts()
    ports.sessionStore.set(
      'path_after_login',
      JSON.stringify({ pathAfterLogin: '/ui/packages', expiration: 1 }),
    )
    ports.sessionStore.set('jfClientSession', 'secret-session')
    ports.sessionStore.set('jfClientName', 'jf')
    const app = createApp({ ports, effects: allEffects })
    const state = app.getState().session
    expect(state.savedPath).toEqual({ pathAfterLogin: '/ui/packages', expiration: 1 })
    expect(state.cli).toEqual({ stored: true, clientName: 'jf', registered: false })
    expect(state.loginDialogDismissed).toBe(false)
    expect(app.exportLog()).not.toContain('secret-session')
    const empty = createApp({ ports: fakePorts(), effects: allEffects })
    expect(empty.exportLog()).not.toContain('"type":"session/')
  })
})
