// Given events, when a command, then events: getting started after login (spec 000 section 4)
// and its questionnaire (spec 001 sections 3–5), down to the project on the platform.
import { describe, expect, it } from 'vitest'
import { left, right } from 'fp-ts/Either'
import type { AppCommand, AppEvent, AppState } from '../../domain/app'
import { sessionArea } from '../../domain/session/decider'
import * as S from '../../domain/session/events'
import * as P from '../../domain/platform/events'
import * as O from '../../domain/gettingStarted/events'
import { gettingStartedArea as gettingStartedSlice } from '../../domain/gettingStarted/decider'
import { appSlice } from '../../domain/app'
import { INITIAL_QUESTIONNAIRE, afterLoginPath, type Questionnaire } from '../../domain/gettingStarted'
import type { UserData } from '../../domain/session/types'
import type { AdminApi, GettingStartedApi } from '../../adapters/ports'
import { createApp } from '../../composition/createApp'
import { gettingStartedEffects } from '../../commands/effects/gettingStarted'
import { fakePorts, notFaked } from '../support/fakePorts'
import { safePath, user } from '../support/fixtures'
import { evolve, foldEvents, spec } from '../support/decider'

/** The session area's reactions as the app runs them: over the app's state. */
const sessionPolicies = appSlice(sessionArea).policies!

/** The area as the app runs it: its slice, its context from the state. */
const gettingStartedArea = appSlice(gettingStartedSlice)

const NOW = Date.parse('2026-01-01T00:00:00.000Z')
const meta = { now: new Date(NOW).toISOString(), id: 'x' }

const given = (...events: AppEvent[]): AppState => foldEvents(events)
const gettingStarted = spec(gettingStartedArea, meta)
const policies = (state: AppState, event: AppEvent): ReadonlyArray<AppCommand> =>
  sessionPolicies({ seq: 1, at: meta.now, source: 'effect', corr: 'c', event }, evolve(state, event))

/** A login completing on the real bus (no effects): the policies' chain down to the redirect. */
function login(u: UserData, via: S.SignedInVia = 'password', ...before: AppEvent[]) {
  const app = createApp({ ports: fakePorts(), effects: {}, seed: [...before, S.SignedIn({ user: u, via })] })
  const events = JSON.parse(`[${app.exportLog().trim().split('\n').join(',')}]`) as Array<{
    type?: string
    data?: unknown
  }>
  const redirect = events.find((e) => e.type === 'session/RedirectedAfterLogin')?.data as
    { target: string; path: string } | undefined
  return { app, redirect, types: events.map((e) => e.type) }
}

const trialAdmin = user({
  name: 'admin',
  admin: true,
  firstLogin: true,
  freeTier: true,
  quickDeployEnabled: true,
  newOnboarding: true,
})

describe('getting started after login (spec 000 section 4)', () => {
  it('a first-login user with quick deploy goes to /quick-setup', () => {
    const { redirect, types } = login(user({ firstLogin: true, quickDeployEnabled: true }))
    expect(redirect).toEqual({ target: 'internal', path: '/quick-setup' })
    // Getting started's check comes before the redirect.
    expect(types.indexOf('gettingStarted/AfterLoginChecked')).toBeLessThan(
      types.indexOf('session/RedirectedAfterLogin'),
    )
    const state = given(S.SignedIn({ user: user(), via: 'password' }))
    const event = S.RedirectedAfterLogin({ target: 'internal', path: safePath('/quick-setup') })
    expect(policies(state, event)).toEqual([
      { type: 'navigation/Navigate', to: '/quick-setup', replace: true },
    ])
  })

  it('takes the flags of this login, not those of a reload that already says it is not the first', () => {
    const reloaded = S.UserDataLoaded({ user: user({ quickDeployEnabled: true }) })
    gettingStarted
      .given(
        S.SignedIn({ user: user({ firstLogin: true, quickDeployEnabled: true }), via: 'password' }),
        reloaded,
      )
      .when({
        type: 'gettingStarted/CheckAfterLogin',
        via: 'password',
        user: user({ firstLogin: true, quickDeployEnabled: true }),
      })
      .then(O.AfterLoginChecked({ path: '/quick-setup' }))
  })

  it('not when the login completed through MFA enrolment or OTP login', () => {
    expect(login(user({ firstLogin: true, quickDeployEnabled: true }), 'otp').redirect).toEqual({
      target: 'landing',
      path: '',
    })
  })

  it('not for a returning user, nor without quick deploy', () => {
    expect(login(user({ quickDeployEnabled: true })).redirect?.target).toBe('landing')
    expect(login(user({ firstLogin: true })).redirect?.target).toBe('landing')
  })

  it('an admin with new onboarding, onboarding needed, no quick deploy and no platform get-started goes to quick setup', () => {
    const admin = user({ admin: true, newOnboarding: true })
    const needed = P.OnboardingStatusLoaded({ hasOnlyDefaultRepos: true })
    expect(login(admin, 'password', needed).redirect).toEqual({ target: 'internal', path: '/quick-setup' })
    // Each condition matters.
    const notNeeded = P.OnboardingStatusLoaded({ hasOnlyDefaultRepos: false })
    expect(login(admin, 'password', notNeeded).redirect?.target).toBe('landing')
    const getStarted = P.FeaturesLoaded({ features: { platformGetStarted: true } })
    expect(login(admin, 'password', needed, getStarted).redirect?.target).toBe('landing')
    expect(login({ ...admin, admin: false }, 'password', needed).redirect?.target).toBe('landing')
    expect(login({ ...admin, newOnboarding: false }, 'password', needed).redirect?.target).toBe('landing')
    expect(login({ ...admin, quickDeployEnabled: true }, 'password', needed).redirect?.target).toBe('landing')
  })

  it('a page asked for before login still wins over onboarding', () => {
    const asked = S.SignInRequested({
      user: 'u',
      rememberMe: false,
      redirectTo: '/ui/packages',
      passwordRef: 'r',
    })
    expect(login(user({ firstLogin: true, quickDeployEnabled: true }), 'password', asked).redirect).toEqual({
      target: 'internal',
      path: '/packages',
    })
  })

  it('the rule is one pure function of the flags', () => {
    expect(
      afterLoginPath({
        user: trialAdmin,
        via: 'password',
        onboardingNeeded: false,
        platformGetStarted: true,
      }),
    ).toBe('/quick-setup')
  })

  it('a free-tier admin who has not seen getting started: the flag is set and saved, the wizard opens', () => {
    const { app, types } = login(trialAdmin)
    expect(types).toContain('gettingStarted/Seen')
    expect(app.getState().gettingStarted.seenSave).toBe('saving')
    expect(app.getState().gettingStarted.questionnaire?.step).toBe('init')
    // Once per session: a second check sets nothing again.
    gettingStarted
      .at(app.getState())
      .when({ type: 'gettingStarted/CheckAfterLogin', via: 'password', user: trialAdmin })
      .then(O.AfterLoginChecked({ path: '/quick-setup' }))
  })

  it('no wizard for a user who is not a free-tier admin, or has seen getting started', () => {
    for (const u of [
      { ...trialAdmin, admin: false },
      { ...trialAdmin, freeTier: false },
      { ...trialAdmin, hasSeenGettingStarted: true },
    ]) {
      const { app, types } = login(u)
      expect(types).not.toContain('gettingStarted/Seen')
      expect(app.getState().gettingStarted.questionnaire).toBeUndefined()
    }
  })
})

const valid: Questionnaire = {
  ...INITIAL_QUESTIONNAIRE,
  purpose: 'Commercial',
  companyName: 'Acme',
  role: 'Other',
  otherRole: 'Release manager',
  desiredFeature: ['CI/CD'],
}
const open = () => given(S.SignedIn({ user: trialAdmin, via: 'password' }), O.QuestionnaireOpened({}))
const complete = (
  state: AppState,
  ...steps: Array<'init' | 'purpose' | 'details' | 'desiredFeatures' | 'projectName'>
) => steps.reduce((s, step) => evolve(s, O.QuestionnaireStepCompleted({ step })), state)

describe('the getting-started questionnaire (spec 001 sections 4 and 5)', () => {
  it('a step completes only when its rule holds, and the next step shows', () => {
    const state = complete(open(), 'init')
    expect(state.gettingStarted.questionnaire).toMatchObject({ step: 'purpose', completed: ['init'] })
    const at = gettingStarted.at(state)
    at.when({
      type: 'gettingStarted/CompleteQuestionnaireStep',
      step: 'purpose',
      answers: INITIAL_QUESTIONNAIRE,
    }).rejected(/^purpose: mandatory$/)
    at.when({ type: 'gettingStarted/CompleteQuestionnaireStep', step: 'purpose', answers: valid }).then(
      O.QuestionnaireStepCompleted({ step: 'purpose' }),
    )
  })

  it('details: a role, otherRole for Other, companyName when commercial', () => {
    const at = gettingStarted.at(complete(open(), 'init', 'purpose'))
    const step = (answers: Questionnaire) =>
      at.when({ type: 'gettingStarted/CompleteQuestionnaireStep', step: 'details', answers })
    step({ ...valid, role: null }).rejected(/^role: mandatory$/)
    step({ ...valid, otherRole: ' ' }).rejected(/^otherRole: mandatory$/)
    step({ ...valid, companyName: '' }).rejected(/^companyName: mandatory$/)
    step({ ...valid, purpose: 'Personal', companyName: '' }).then(
      O.QuestionnaireStepCompleted({ step: 'details' }),
    )
  })

  it('only the step shown can complete; back goes to a reached step only', () => {
    const at = gettingStarted.at(complete(open(), 'init', 'purpose'))
    at.when({
      type: 'gettingStarted/CompleteQuestionnaireStep',
      step: 'projectKey',
      answers: valid,
    }).rejected(/^the questionnaire shows details, not projectKey$/)
    at.when({ type: 'gettingStarted/ShowQuestionnaireStep', step: 'init' }).then(
      O.QuestionnaireStepShown({ step: 'init' }),
    )
    at.when({ type: 'gettingStarted/ShowQuestionnaireStep', step: 'projectName' }).rejected(
      /^the step projectName is not reached yet$/,
    )
  })

  it("the default project is 'Default Project' / dflt, and a bad key is refused with its problem's key", () => {
    const at = gettingStarted.at(
      complete(open(), 'init', 'purpose', 'details', 'desiredFeatures', 'projectName'),
    )
    at.when({
      type: 'gettingStarted/SubmitQuestionnaire',
      answers: { ...valid, projectKey: 'Dflt' },
    }).rejected(/^projectKey: projectKeyStart$/)
    const submit = at.when({ type: 'gettingStarted/SubmitQuestionnaire', answers: valid })
    submit.then(O.ProjectCreationRequested({ answers: { ...valid, desiredFeature: ['CI/CD'] } }))
    expect(valid).toMatchObject({ projectName: 'Default Project', projectKey: 'dflt' })
    const creating = submit.after()
    expect(creating.gettingStarted.questionnaire?.creation).toEqual({ status: 'creating' })
    gettingStarted
      .at(creating)
      .when({ type: 'gettingStarted/SubmitQuestionnaire', answers: valid })
      .rejected(/^the project is being created$/)
  })

  it('nothing happens in a questionnaire that is not open', () => {
    gettingStarted
      .given()
      .when({ type: 'gettingStarted/SubmitQuestionnaire', answers: valid })
      .rejected(/^the questionnaire is not open$/)
  })
})

function projectPorts(create: AdminApi['createProject']) {
  const saved: Questionnaire[] = []
  let seen = 0
  const gettingStartedApi: GettingStartedApi = {
    ...notFaked<GettingStartedApi>(),
    saveGettingStartedSeen: async () => {
      seen += 1
      return right(undefined)
    },
    saveQuestionnaire: async (answers) => {
      saved.push(answers)
      return right(undefined)
    },
  }
  const adminApi: AdminApi = { ...notFaked<AdminApi>(), createProject: create }
  const app = createApp({
    ports: fakePorts({ gettingStartedApi, adminApi }),
    effects: gettingStartedEffects,
    // Signed in before the app started (a reload): no policy has run for this login.
    seed: [S.UserDataLoaded({ user: trialAdmin })],
  })
  return { app, saved, seen: () => seen }
}

describe('getting started effects: the platform is asked, its answer recorded', () => {
  it('saves the getting-started flag, then creates the project from the answers', async () => {
    const created: Array<{ key: string; name: string }> = []
    const { app, saved, seen } = projectPorts(async (p) => {
      created.push({ key: p.key, name: p.name })
      return right({ key: p.key, name: p.name, description: '', createdAt: meta.now })
    })
    app.dispatch({ type: 'gettingStarted/CheckAfterLogin', via: 'password', user: trialAdmin })
    await expect.poll(() => app.getState().gettingStarted.seenSave).toBe('saved')
    expect(seen()).toBe(1)
    for (const step of ['init', 'purpose', 'details', 'desiredFeatures', 'projectName'] as const)
      app.dispatch({ type: 'gettingStarted/CompleteQuestionnaireStep', step, answers: valid })
    app.dispatch({ type: 'gettingStarted/SubmitQuestionnaire', answers: valid })
    await expect.poll(() => app.getState().gettingStarted.questionnaire?.creation.status).toBe('created')
    expect(created).toEqual([{ key: 'dflt', name: 'Default Project' }])
    expect(saved).toEqual([valid])
  })

  it("a refused project is 'failed' with the platform's reason, and can be sent again", async () => {
    let calls = 0
    const { app } = projectPorts(async () => {
      calls += 1
      return calls === 1
        ? left({ kind: 'status', status: 409, message: 'A project with key dflt already exists' })
        : right({ key: 'dflt', name: 'Default Project', description: '', createdAt: meta.now })
    })
    app.dispatch({ type: 'gettingStarted/OpenQuestionnaire' })
    for (const step of ['init', 'purpose', 'details', 'desiredFeatures', 'projectName'] as const)
      app.dispatch({ type: 'gettingStarted/CompleteQuestionnaireStep', step, answers: valid })
    app.dispatch({ type: 'gettingStarted/SubmitQuestionnaire', answers: valid })
    await expect.poll(() => app.getState().gettingStarted.questionnaire?.creation.status).toBe('failed')
    expect(app.getState().gettingStarted.questionnaire?.creation).toMatchObject({
      failure: { status: 409, message: 'A project with key dflt already exists' },
    })
    app.dispatch({ type: 'gettingStarted/SubmitQuestionnaire', answers: valid })
    await expect.poll(() => app.getState().gettingStarted.questionnaire?.creation.status).toBe('created')
  })
})
