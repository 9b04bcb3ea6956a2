// Given events, when a command, then events: personalization onboarding (spec 001 sections 3-4):
// steps completed and stored, RTonlyRemoved when artifact-only mode is removed, and after
// sending the stored data removed and the display hidden.
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { BehaviorSubject, lastValueFrom, of } from 'rxjs'
import { replayLog } from '../../domain/log'
import { left, right } from 'fp-ts/Either'
import * as O from '../../domain/personalization/events'
import * as S from '../../domain/session/events'
import { personalizationArea as onboardingSlice } from '../../domain/personalization/decider'
import { appSlice, initialAppState, type AppEvent } from '../../domain/app'
import {
  completePersonalizationStep,
  decodePersonalization,
  encodePersonalization,
  INITIAL_PERSONALIZATION,
  PERSONALIZATION_STORAGE_KEY,
  stepChange,
  validatePersonalizationStep,
  type StepDataOf,
} from '../../domain/personalization'
import type { PersonalizationApi } from '../../adapters/ports'
import { createApp } from '../../composition/createApp'
import { personalizationEffects } from '../../commands/effects/personalization'
import { fakePorts, notFaked } from '../support/fakePorts'
import { spec } from '../support/decider'
import { until } from '../support/wait'
import { user } from '../support/fixtures'

/** The area as the app runs it: its parts on the onboarding slice, their contexts from the state. */
const personalizationArea = appSlice(onboardingSlice)

const onboarding = spec(personalizationArea)
const signedIn = S.SignedIn({ user: user({ name: 'developer' }), via: 'password' })
const loaded = (stored = INITIAL_PERSONALIZATION) =>
  O.PersonalizationLoaded({ requestId: 'r', sent: false, stored })
const shown = [
  signedIn,
  O.PersonalizationRequested({ requestId: 'r' }),
  loaded(),
  O.PersonalizationOpened({}),
]
const technologies = { step: 'technologies', stepDataObject: { technologies: ['npm', 'docker'] } } as const
const goal = { step: 'goal', stepDataObject: { goal: 'proxy' } } as const
const view = (artifactOnly: boolean) => ({ step: 'view', stepDataObject: { artifactOnly } }) as const
/** Steps completed from the start, each event carrying the personalization after it, as decided. */
const completed = (...changes: StepDataOf[]) => {
  let data = INITIAL_PERSONALIZATION
  return changes.map((change) => {
    data = completePersonalizationStep(data, stepChange(change))
    return O.PersonalizationStepCompleted({ change: stepChange(change), data })
  })
}
const afterTechnologies = completePersonalizationStep(INITIAL_PERSONALIZATION, technologies)
/** A platform with no personalization for the user, which takes the one sent (kept in `sent`). */
const platformTaking = (sent: unknown[]): PersonalizationApi => ({
  ...notFaked<PersonalizationApi>(),
  personalizationStatus: async () => right({ sent: false }),
  sendPersonalization: async (choices) => {
    sent.push(choices)
    return right(undefined)
  },
})

describe('personalization onboarding (spec 001 sections 3-4)', () => {
  it('is loaded for a signed-in user, never for a visitor', () => {
    onboarding
      .given(signedIn)
      .when({ type: 'personalization/Load' })
      .then(O.PersonalizationRequested({ requestId: 'id-1' }))
    onboarding
      .given()
      .when({ type: 'personalization/Load' })
      .rejected(/signed-in users/)
  })

  it('is hidden when the platform already has the choices', () => {
    const state = onboarding
      .given(signedIn, O.PersonalizationRequested({ requestId: 'r' }))
      .when({ type: 'personalization/Load' })
    expect(state.decided).toEqual(right([O.PersonalizationRequested({ requestId: 'id-1' })]))
    const hidden = onboarding.given(
      signedIn,
      O.PersonalizationRequested({ requestId: 'r' }),
      O.PersonalizationLoaded({ requestId: 'r', sent: true, stored: null }),
    )
    expect(hidden.state.personalization.card).toEqual({ status: 'hidden' })
    hidden.when({ type: 'personalization/Open' }).rejected(/not shown/)
  })

  it('opens at the step storage kept', () => {
    const kept = completePersonalizationStep(INITIAL_PERSONALIZATION, technologies)
    const state = onboarding.given(
      signedIn,
      O.PersonalizationRequested({ requestId: 'r' }),
      loaded(kept),
    ).state
    expect(state.personalization.card).toMatchObject({
      status: 'shown',
      open: false,
      data: { step: 'goal' },
    })
  })

  it('completes a step only when its data holds, and stores it as completed and valid', () => {
    onboarding
      .given(...shown)
      .when({
        type: 'personalization/CompleteStep',
        change: { step: 'technologies', stepDataObject: { technologies: [] } },
      })
      .rejected('chooseTechnology')
    const after = onboarding
      .given(...shown)
      .when({ type: 'personalization/CompleteStep', change: technologies })
      .after()
    const p = after.personalization.card
    expect(p?.status === 'shown' && p.data.steps.technologies).toEqual({
      stepDataObject: { technologies: ['npm', 'docker'] },
      isCompleted: true,
      isValid: true,
    })
    expect(p?.status === 'shown' && p.data.step).toBe('goal')
    // The event carries the personalization after the step: what this browser keeps.
    onboarding
      .given(...shown)
      .when({ type: 'personalization/CompleteStep', change: technologies })
      .then(...completed(technologies))
    onboarding
      .given(...shown, ...completed(technologies))
      .when({
        type: 'personalization/CompleteStep',
        change: { step: 'goal', stepDataObject: { goal: null } },
      })
      .rejected('chooseGoal')
  })

  it('refuses a step that is not the one shown, and goes back only to steps reached', () => {
    onboarding
      .given(...shown)
      .when({ type: 'personalization/CompleteStep', change: goal })
      .rejected(/shows technologies, not goal/)
    onboarding
      .given(...shown)
      .when({ type: 'personalization/ShowStep', step: 'view' })
      .rejected(/not reached/)
    onboarding
      .given(...shown, ...completed(technologies))
      .when({ type: 'personalization/ShowStep', step: 'technologies' })
      .then(
        O.PersonalizationStepShown({
          step: 'technologies',
          data: { ...afterTechnologies, step: 'technologies' },
        }),
      )
  })

  it('sets RTonlyRemoved when artifact-only mode is turned off, not when it stays on', () => {
    const off = onboarding
      .given(...shown, ...completed(technologies, goal))
      .when({ type: 'personalization/CompleteStep', change: view(false) })
      .after().personalization.card
    expect(off?.status === 'shown' && off.data.RTonlyRemoved).toBe(true)
    const on = onboarding
      .given(...shown, ...completed(technologies, goal))
      .when({ type: 'personalization/CompleteStep', change: view(true) })
      .after().personalization.card
    expect(on?.status === 'shown' && on.data.RTonlyRemoved).toBe(false)
  })

  it('sends once every step is completed; sent, the display is hidden', () => {
    onboarding
      .given(...shown, ...completed(technologies))
      .when({ type: 'personalization/Send' })
      .rejected(/every step/)
    const done = [...shown, ...completed(technologies, goal, view(false))]
    // What is sent is the data of the steps, as completing them made it.
    const data = [technologies, goal, view(false)].reduce(
      completePersonalizationStep,
      INITIAL_PERSONALIZATION,
    )
    const requested = O.PersonalizationSendRequested({ data })
    onboarding
      .given(...done)
      .when({ type: 'personalization/Send' })
      .then(requested)
    onboarding
      .given(...done, requested)
      .when({ type: 'personalization/CompleteStep', change: view(false) })
      .rejected(/being sent/)
    const hidden = onboarding.given(...done, requested, O.PersonalizationSent({})).state
    expect(hidden.personalization.card).toEqual({ status: 'hidden' })
  })

  it('keeps the steps in storage, encoded, and removes them once the platform has them', async () => {
    const sent: unknown[] = []
    const ports = fakePorts({ personalizationApi: platformTaking(sent) })
    const app = createApp({ ports, effects: personalizationEffects, seed: [signedIn] })
    app.dispatch({ type: 'personalization/Load' })
    await until(app, (state) => state.personalization.card?.status === 'shown')
    app.dispatch({ type: 'personalization/Open' })
    app.dispatch({ type: 'personalization/CompleteStep', change: technologies })
    const stored = ports.localStore.get(PERSONALIZATION_STORAGE_KEY)
    expect(stored).not.toBeNull()
    expect(decodePersonalization(stored)).toEqual(
      completePersonalizationStep(INITIAL_PERSONALIZATION, technologies),
    )
    app.dispatch({ type: 'personalization/CompleteStep', change: goal })
    app.dispatch({ type: 'personalization/CompleteStep', change: view(false) })
    app.dispatch({ type: 'personalization/Send' })
    await until(app, (state) => state.personalization.card?.status === 'hidden')
    expect(sent).toEqual([
      { technologies: ['npm', 'docker'], goal: 'proxy', artifactOnly: false, RTonlyRemoved: true },
    ])
    expect(ports.localStore.get(PERSONALIZATION_STORAGE_KEY)).toBeNull()
    // What was stored was the encoded form, not readable JSON.
    expect(() => JSON.parse(stored ?? '')).toThrow()
    expect(encodePersonalization(INITIAL_PERSONALIZATION)).toMatch(/^[A-Za-z0-9+/]+=*$/)
  })

  it('records and sends every technology and goal the dialog offers, as chosen', async () => {
    // The dialog's choices: each must be a step the log keeps, whatever the user picks.
    const all = ['npm', 'docker', 'maven', 'pypi', 'go', 'helm', 'debian', 'generic'] as const
    for (const chosen of ['store', 'proxy', 'scan', 'distribute'] as const) {
      const sent: unknown[] = []
      const app = createApp({
        ports: fakePorts({ personalizationApi: platformTaking(sent) }),
        effects: personalizationEffects,
        seed: [signedIn],
      })
      app.dispatch({ type: 'personalization/Load' })
      await until(app, (state) => state.personalization.card?.status === 'shown')
      app.dispatch({ type: 'personalization/Open' })
      app.dispatch({
        type: 'personalization/CompleteStep',
        change: { step: 'technologies', stepDataObject: { technologies: all } },
      })
      app.dispatch({
        type: 'personalization/CompleteStep',
        change: { step: 'goal', stepDataObject: { goal: chosen } },
      })
      expect(app.getState().personalization.card, chosen).toMatchObject({ data: { step: 'view' } })
      app.dispatch({ type: 'personalization/CompleteStep', change: view(false) })
      app.dispatch({ type: 'personalization/Send' })
      await until(app, (state) => state.personalization.card?.status === 'hidden')
      expect(sent).toEqual([{ technologies: all, goal: chosen, artifactOnly: false, RTonlyRemoved: true }])
      app.dispose()
    }
  })
})

describe('validatePersonalizationStep', () => {
  it.each([
    [
      'a technology chosen',
      { step: 'technologies', stepDataObject: { technologies: ['npm'] } },
      right({ step: 'technologies', stepDataObject: { technologies: ['npm'] } }),
    ],
    [
      'no technology',
      { step: 'technologies', stepDataObject: { technologies: [] } },
      left({ step: { key: 'chooseTechnology' } }),
    ],
    ['no goal', { step: 'goal', stepDataObject: { goal: null } }, left({ step: { key: 'chooseGoal' } })],
    [
      'the view step',
      { step: 'view', stepDataObject: { artifactOnly: true } },
      right({ step: 'view', stepDataObject: { artifactOnly: true } }),
    ],
  ] as const)('%s', (_, change, expected) => {
    expect(validatePersonalizationStep(change as unknown as StepDataOf)).toEqual(expected)
  })
})

describe('personalization: the card and its dialog as the platform answers', () => {
  const failure = { kind: 'status', status: 500, message: 'boom' } as const
  const card = (...events: Parameters<typeof onboarding.given>) =>
    onboarding.given(...events).state.personalization.card
  const requested = [signedIn, O.PersonalizationRequested({ requestId: 'r' })]
  const done = [...shown, ...completed(technologies, goal, view(true))]
  const data = [technologies, goal, view(true)].reduce(completePersonalizationStep, INITIAL_PERSONALIZATION)

  it('starts from the first step when storage kept nothing', () => {
    expect(
      card(...requested, O.PersonalizationLoaded({ requestId: 'r', sent: false, stored: null })),
    ).toEqual({
      status: 'shown',
      open: false,
      sending: false,
      data: INITIAL_PERSONALIZATION,
    })
  })

  it('takes only the answer to the request under way', () => {
    const stale = O.PersonalizationLoaded({ requestId: 'old', sent: true, stored: null })
    expect(card(...requested, stale)).toEqual({ status: 'loading', requestId: 'r' })
    expect(card(...requested, O.PersonalizationLoadFailed({ requestId: 'old', failure }))).toEqual({
      status: 'loading',
      requestId: 'r',
    })
    expect(card(...requested, O.PersonalizationLoadFailed({ requestId: 'r', failure }))).toEqual({
      status: 'failed',
      failure,
    })
    // Answered once: a second answer to the same request changes nothing.
    expect(
      card(...requested, loaded(), O.PersonalizationLoaded({ requestId: 'r', sent: true, stored: null })),
    ).toMatchObject({ status: 'shown' })
    expect(
      card(...requested, loaded(), O.PersonalizationLoadFailed({ requestId: 'r', failure })),
    ).toMatchObject({
      status: 'shown',
    })
    expect(card(signedIn, loaded())).toBeUndefined()
    expect(card(signedIn, O.PersonalizationLoadFailed({ requestId: 'r', failure }))).toBeUndefined()
    expect(card(signedIn, O.PersonalizationOpened({}), O.PersonalizationClosed({}))).toBeUndefined()
    // A failed load is asked again.
    expect(
      card(
        ...requested,
        O.PersonalizationLoadFailed({ requestId: 'r', failure }),
        O.PersonalizationRequested({ requestId: 'r2' }),
      ),
    ).toEqual({ status: 'loading', requestId: 'r2' })
  })

  it('a reload while shown keeps the dialog where the user is', () => {
    const p = card(...shown, ...completed(technologies), O.PersonalizationRequested({ requestId: 'r2' }))
    expect(p).toMatchObject({ status: 'shown', open: true, data: { step: 'goal' } })
  })

  it('opens and closes the dialog once each; nothing is decided on a card not shown', () => {
    const closedCard = [...requested, loaded()]
    onboarding
      .given(...closedCard)
      .when({ type: 'personalization/Open' })
      .then(O.PersonalizationOpened({}))
    onboarding
      .given(...shown)
      .when({ type: 'personalization/Open' })
      .nothing()
    onboarding
      .given(...shown)
      .when({ type: 'personalization/Close' })
      .then(O.PersonalizationClosed({}))
    onboarding
      .given(...closedCard)
      .when({ type: 'personalization/Close' })
      .nothing()
    expect(card(...shown, O.PersonalizationClosed({}))).toMatchObject({ status: 'shown', open: false })
    onboarding
      .given(...requested)
      .when({ type: 'personalization/Open' })
      .rejected(/not shown/)
    onboarding
      .given(signedIn)
      .when({ type: 'personalization/Close' })
      .rejected(/not shown/)
    // Events of the dialog reach no card that is not shown.
    expect(card(...requested, O.PersonalizationOpened({}), ...completed(technologies))).toEqual({
      status: 'loading',
      requestId: 'r',
    })
  })

  it('takes no step and no sending while the dialog is closed', () => {
    const closed = [...shown, O.PersonalizationClosed({})]
    onboarding
      .given(...closed)
      .when({ type: 'personalization/CompleteStep', change: technologies })
      .rejected(/dialog is not open/)
    onboarding
      .given(...closed)
      .when({ type: 'personalization/ShowStep', step: 'technologies' })
      .rejected(/dialog is not open/)
    onboarding
      .given(...closed)
      .when({ type: 'personalization/Send' })
      .rejected(/dialog is not open/)
  })

  it('shows the step it is on as nothing new, and no step it does not have', () => {
    onboarding
      .given(...shown)
      .when({ type: 'personalization/ShowStep', step: 'technologies' })
      .nothing()
    onboarding
      .given(...shown)
      .when({ type: 'personalization/ShowStep', step: 'billing' as never })
      .rejected('no step billing')
    const back = card(
      ...shown,
      ...completed(technologies),
      O.PersonalizationStepShown({ step: 'technologies', data: null }),
    )
    // (data: null is how a v1 line reads; evolve folds the step alone.)
    expect(back?.status === 'shown' && back.data.step).toBe('technologies')
  })

  it('while sending, keeps the dialog open and takes nothing; a failure says why and the user sends again', () => {
    const sending = [...done, O.PersonalizationSendRequested({ data })]
    expect(card(...sending)).toMatchObject({ status: 'shown', open: true, sending: true })
    onboarding
      .given(...sending)
      .when({ type: 'personalization/Close' })
      .rejected(/being sent/)
    onboarding
      .given(...sending)
      .when({ type: 'personalization/Send' })
      .rejected(/being sent/)
    const failed = [...sending, O.PersonalizationSendFailed({ failure })]
    expect(card(...failed)).toMatchObject({ status: 'shown', sending: false, failure })
    onboarding
      .given(...failed)
      .when({ type: 'personalization/Send' })
      .then(O.PersonalizationSendRequested({ data }))
    // Sending again clears the failure shown.
    expect(card(...failed, O.PersonalizationSendRequested({ data }))).not.toHaveProperty('failure')
    onboarding
      .given(...failed)
      .when({ type: 'personalization/Close' })
      .then(O.PersonalizationClosed({}))
  })

  it('stores what the step event carries, reading no state; a v1 line (no data) stores nothing', async () => {
    const ports = fakePorts()
    // The state has no personalization shown: the effect must not need it.
    const state$ = new BehaviorSubject(initialAppState)
    const envelope = (event: AppEvent) => ({ seq: 1, at: '', source: 'ui' as const, corr: 'c', event })
    const [event] = completed(technologies)
    const store = (e: AppEvent) =>
      lastValueFrom(personalizationEffects.storePersonalization!(of(envelope(e)), state$, ports), {
        defaultValue: undefined,
      })
    await store(O.PersonalizationStepShown({ step: 'technologies', data: null }))
    expect(ports.localStore.get(PERSONALIZATION_STORAGE_KEY)).toBeNull()
    await store(event!)
    expect(decodePersonalization(ports.localStore.get(PERSONALIZATION_STORAGE_KEY))).toEqual(
      afterTechnologies,
    )
  })
})

describe('a log whose personalization steps carry no data (v1) replays', () => {
  // Recorded at a354c6e (the bus with fake ports): a developer completes technologies, goes back
  // to it, completes it again and the goal, and closes the dialog; steps were v1 then.
  const log = readFileSync(
    join(import.meta.dirname, '../fixtures/logs/moved/personalizationStepsWithoutData.ndjson'),
    'utf8',
  )

  it('strictly, to the hash its trailer recorded, at the step it was on', () => {
    expect(log).toContain('"type":"onboarding/PersonalizationStepCompleted","v":1')
    expect(log).toContain('"type":"onboarding/PersonalizationStepShown","v":1')
    const replayed = replayLog(log)
    expect(replayed.errors).toEqual([])
    expect(replayed.hashMatches).toBe(true)
    const p = replayed.state.personalization.card
    expect(p?.status === 'shown' && p.data.step).toBe('view')
    expect(p?.status === 'shown' && p.data.steps.technologies.stepDataObject).toEqual({
      technologies: ['npm'],
    })
  })
})
