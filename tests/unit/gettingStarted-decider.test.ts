// Given events, when a command, then events: the check after login and the getting-started
// questionnaire (spec 000 section 4, spec 001 sections 4-5) as a user goes back and forth
// through it, closes it, and the platform answers the project's creation.
import { describe, expect, it } from 'vitest'
import type { AppEvent } from '../../domain/app'
import { appSlice } from '../../domain/app'
import * as S from '../../domain/session/events'
import * as O from '../../domain/gettingStarted/events'
import { gettingStartedArea as gettingStartedSlice } from '../../domain/gettingStarted/decider'
import { INITIAL_QUESTIONNAIRE, type Questionnaire } from '../../domain/gettingStarted'
import { spec } from '../support/decider'
import { user } from '../support/fixtures'

const gettingStartedArea = appSlice(gettingStartedSlice)
const gettingStarted = spec(gettingStartedArea)

const trialAdmin = user({ name: 'admin', admin: true, freeTier: true })
const signedIn = S.SignedIn({ user: trialAdmin, via: 'password' })
const valid: Questionnaire = {
  ...INITIAL_QUESTIONNAIRE,
  purpose: 'Personal',
  role: 'DevOps Engineer',
  desiredFeature: ['CI/CD'],
}
/** The answers as the request records them. */
const sent = { ...valid, desiredFeature: [...valid.desiredFeature] }
const STEPS = ['init', 'purpose', 'details', 'desiredFeatures', 'projectName'] as const
const opened = [signedIn, O.QuestionnaireOpened({})]
const allSteps = [...opened, ...STEPS.map((step) => O.QuestionnaireStepCompleted({ step }))]
const questionnaire = (...events: AppEvent[]) =>
  gettingStarted.given(...events).state.gettingStarted.questionnaire
const failure = { kind: 'status', status: 409, message: 'A project with key dflt already exists' } as const

describe('the check after login', () => {
  it('runs only once a login has completed', () => {
    gettingStarted
      .given()
      .when({ type: 'gettingStarted/CheckAfterLogin', via: 'password', user: trialAdmin })
      .rejected('no completed login to check')
  })

  it('sets the getting-started flag without opening a second questionnaire over one already open', () => {
    gettingStarted
      .given(...opened, O.QuestionnaireStepCompleted({ step: 'init' }))
      .when({ type: 'gettingStarted/CheckAfterLogin', via: 'password', user: trialAdmin })
      .then(O.AfterLoginChecked({ path: null }), O.GettingStartedSeen({}))
  })

  it('the flag saved or its saving failed, it is not set again in this session', () => {
    expect(gettingStarted.given(signedIn, O.GettingStartedSeen({})).state.gettingStarted.seenSave).toBe(
      'saving',
    )
    const saved = gettingStarted.given(signedIn, O.GettingStartedSeen({}), O.GettingStartedSaved({}))
    expect(saved.state.gettingStarted.seenSave).toBe('saved')
    saved
      .when({ type: 'gettingStarted/CheckAfterLogin', via: 'password', user: trialAdmin })
      .then(O.AfterLoginChecked({ path: null }))
    const failed = gettingStarted.given(
      signedIn,
      O.GettingStartedSeen({}),
      O.GettingStartedSaveFailed({ failure: { kind: 'network', message: 'offline' } }),
    )
    expect(failed.state.gettingStarted.seenSave).toBe('failed')
    failed
      .when({ type: 'gettingStarted/CheckAfterLogin', via: 'password', user: trialAdmin })
      .then(O.AfterLoginChecked({ path: null }))
  })

  it('the redirect after login follows the check: to quick setup only when it says so', () => {
    const policies = gettingStartedArea.policies!
    const state = gettingStarted.given(signedIn).state
    const at = (event: AppEvent) =>
      policies({ seq: 1, at: '2026-01-01T00:00:00.000Z', source: 'effect', corr: 'c', event }, state)
    expect(at(O.AfterLoginChecked({ path: '/quick-setup' }))).toEqual([
      { type: 'session/RedirectAfterLogin', toQuickSetup: true },
    ])
    expect(at(O.AfterLoginChecked({ path: null }))).toEqual([
      { type: 'session/RedirectAfterLogin', toQuickSetup: false },
    ])
    expect(at(O.AfterLoginChecked({ path: '/packages' }))).toEqual([
      { type: 'session/RedirectAfterLogin', toQuickSetup: false },
    ])
    expect(at(O.GettingStartedSeen({}))).toEqual([])
  })
})

describe('the questionnaire, back and forth', () => {
  it('opens once, on its first step; closed, it is gone and takes nothing', () => {
    gettingStarted
      .given(signedIn)
      .when({ type: 'gettingStarted/OpenQuestionnaire' })
      .then(O.QuestionnaireOpened({}))
    gettingStarted
      .given(...opened)
      .when({ type: 'gettingStarted/OpenQuestionnaire' })
      .nothing()
    gettingStarted
      .given(...opened)
      .when({ type: 'gettingStarted/CloseQuestionnaire' })
      .then(O.QuestionnaireClosed({}))
    expect(questionnaire(...allSteps, O.QuestionnaireClosed({}))).toBeUndefined()
    gettingStarted
      .given(...opened, O.QuestionnaireClosed({}))
      .when({ type: 'gettingStarted/CloseQuestionnaire' })
      .rejected('the questionnaire is not open')
    // Opened again, it starts over.
    expect(questionnaire(...allSteps, O.QuestionnaireClosed({}), O.QuestionnaireOpened({}))).toEqual({
      step: 'init',
      completed: [],
      creation: { status: 'idle' },
    })
  })

  it('going back to a step and completing it again moves on without counting it twice', () => {
    const back = [...opened, ...STEPS.slice(0, 3).map((step) => O.QuestionnaireStepCompleted({ step }))]
    expect(questionnaire(...back)).toEqual({
      step: 'desiredFeatures',
      completed: ['init', 'purpose', 'details'],
      creation: { status: 'idle' },
    })
    const again = [...back, O.QuestionnaireStepShown({ step: 'purpose' })]
    expect(questionnaire(...again)?.step).toBe('purpose')
    gettingStarted
      .given(...again)
      .when({ type: 'gettingStarted/ShowQuestionnaireStep', step: 'details' })
      .then(O.QuestionnaireStepShown({ step: 'details' }))
    gettingStarted
      .given(...again)
      .when({ type: 'gettingStarted/ShowQuestionnaireStep', step: 'purpose' })
      .nothing()
    expect(questionnaire(...again, O.QuestionnaireStepCompleted({ step: 'purpose' }))).toEqual({
      step: 'details',
      completed: ['init', 'purpose', 'details'],
      creation: { status: 'idle' },
    })
    // The step shown, not completed yet, is shown already.
    gettingStarted
      .given(...opened)
      .when({ type: 'gettingStarted/ShowQuestionnaireStep', step: 'init' })
      .nothing()
    gettingStarted
      .given(...again)
      .when({ type: 'gettingStarted/ShowQuestionnaireStep', step: 'welcome' as never })
      .rejected('no step welcome')
  })

  it('the last step stays shown once completed', () => {
    expect(questionnaire(...allSteps)?.step).toBe('projectKey')
    expect(questionnaire(...allSteps, O.QuestionnaireStepCompleted({ step: 'projectKey' }))).toMatchObject({
      step: 'projectKey',
      completed: [...STEPS, 'projectKey'],
    })
  })

  it('the events of a questionnaire that is not open change nothing', () => {
    expect(
      questionnaire(
        signedIn,
        O.QuestionnaireStepCompleted({ step: 'init' }),
        O.QuestionnaireStepShown({ step: 'purpose' }),
        O.ProjectCreationRequested({ answers: sent }),
        O.ProjectCreated({ project: { key: 'dflt', name: 'Default Project' } }),
        O.ProjectCreationFailed({ failure }),
      ),
    ).toBeUndefined()
  })
})

describe("the questionnaire's project", () => {
  it('is refused with the first step whose rule does not hold', () => {
    gettingStarted
      .given(...allSteps)
      .when({ type: 'gettingStarted/SubmitQuestionnaire', answers: { ...valid, role: null } })
      .rejected(/^role: mandatory$/)
    gettingStarted
      .given(...allSteps)
      .when({ type: 'gettingStarted/SubmitQuestionnaire', answers: { ...valid, purpose: null, role: null } })
      .rejected(/^purpose: mandatory$/)
  })

  it('created, it completes the last step and is not created twice', () => {
    const created = [
      ...allSteps,
      O.ProjectCreationRequested({ answers: sent }),
      O.ProjectCreated({ project: { key: 'dflt', name: 'Default Project' } }),
    ]
    expect(questionnaire(...created)).toEqual({
      step: 'projectKey',
      completed: [...STEPS, 'projectKey'],
      creation: { status: 'created', project: { key: 'dflt', name: 'Default Project' } },
    })
    gettingStarted
      .given(...created)
      .when({ type: 'gettingStarted/SubmitQuestionnaire', answers: valid })
      .rejected('the project is already created')
    const completedFirst = [
      ...allSteps,
      O.QuestionnaireStepCompleted({ step: 'projectKey' }),
      O.ProjectCreationRequested({ answers: sent }),
      O.ProjectCreated({ project: { key: 'dflt', name: 'Default Project' } }),
    ]
    expect(questionnaire(...completedFirst)?.completed).toEqual([...STEPS, 'projectKey'])
  })

  it('refused by the platform, it says why and may be sent again', () => {
    const refused = [
      ...allSteps,
      O.ProjectCreationRequested({ answers: sent }),
      O.ProjectCreationFailed({ failure }),
    ]
    expect(questionnaire(...refused)).toEqual({
      step: 'projectKey',
      completed: [...STEPS],
      creation: { status: 'failed', failure },
    })
    gettingStarted
      .given(...refused)
      .when({ type: 'gettingStarted/SubmitQuestionnaire', answers: valid })
      .then(O.ProjectCreationRequested({ answers: sent }))
  })
})
