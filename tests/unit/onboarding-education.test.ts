// Given events, when a command, then events: the education center (spec 001 sections 2-3):
// open for signed-in users, modules, a played video remembered once, feedback with its rule.
import { describe, expect, it } from 'vitest'
import * as O from '../../domain/onboarding/events'
import * as S from '../../domain/session/events'
import { onboardingArea as onboardingSlice } from '../../domain/onboarding/decider'
import { appSlice } from '../../domain/app'
import { spec } from '../support/decider'
import { user } from '../support/fixtures'

/** The area as the app runs it: its parts on the onboarding slice, their contexts from the state. */
const onboardingArea = appSlice(onboardingSlice)

const onboarding = spec(onboardingArea)
const signedIn = S.SignedIn({ user: user({ name: 'developer' }), via: 'password' })
const opened = [signedIn, O.EducationCenterOpened({ requestId: 'r' })]
const loaded = (played: string[], feedbackGiven = false) =>
  O.EducationProgressLoaded({ requestId: 'r', progress: { played, feedbackGiven } })

describe('the education center (spec 001 sections 2-3)', () => {
  it('opens for a signed-in user on getting started, or on the module asked for', () => {
    onboarding
      .given(signedIn)
      .when({ type: 'onboarding/OpenEducationCenter' })
      .then(O.EducationCenterOpened({ requestId: 'id-1' }))
    onboarding
      .given(signedIn)
      .when({ type: 'onboarding/OpenEducationCenter', module: 'security' })
      .then(O.EducationCenterOpened({ requestId: 'id-1' }), O.EducationModuleShown({ module: 'security' }))
    onboarding
      .given()
      .when({ type: 'onboarding/OpenEducationCenter' })
      .rejected(/signed-in users/)
    const state = onboarding.given(...opened).state.onboarding.educationCenter
    expect(state).toEqual({
      open: true,
      module: 'gettingStarted',
      progress: { status: 'loading', requestId: 'r' },
      feedback: { status: 'none' },
    })
  })

  it('shows the videos the platform says were played and whether feedback was given', () => {
    const state = onboarding.given(...opened, loaded(['welcome'], true)).state.onboarding.educationCenter
    expect(state?.progress).toEqual({ status: 'loaded', played: ['welcome'] })
    expect(state?.feedback).toEqual({ status: 'given' })
  })

  it('remembers a video played to its end once', () => {
    onboarding
      .given(...opened, loaded([]))
      .when({ type: 'onboarding/MarkEducationVideoPlayed', video: 'welcome' })
      .then(O.EducationVideoPlayed({ video: 'welcome' }))
    onboarding
      .given(...opened, loaded(['welcome']))
      .when({ type: 'onboarding/MarkEducationVideoPlayed', video: 'welcome' })
      .nothing()
    onboarding
      .given(signedIn)
      .when({ type: 'onboarding/MarkEducationVideoPlayed', video: 'welcome' })
      .rejected(/not open/)
    const after = onboarding.given(
      ...opened,
      loaded(['welcome']),
      O.EducationVideoPlayed({ video: 'publish-package' }),
    )
    expect(after.state.onboarding.educationCenter?.progress).toEqual({
      status: 'loaded',
      played: ['welcome', 'publish-package'],
    })
  })

  it('takes feedback on the module shown once, with a comment of at most 500 characters', () => {
    onboarding
      .given(...opened, loaded([]), O.EducationModuleShown({ module: 'automation' }))
      .when({ type: 'onboarding/SendEducationFeedback', helpful: false, comment: '  more on builds  ' })
      .then(O.EducationFeedbackSent({ module: 'automation', helpful: false, comment: 'more on builds' }))
    onboarding
      .given(...opened, loaded([]))
      .when({ type: 'onboarding/SendEducationFeedback', helpful: true, comment: 'x'.repeat(501) })
      .rejected('feedbackTooLong')
    onboarding
      .given(...opened, loaded([], true))
      .when({ type: 'onboarding/SendEducationFeedback', helpful: true, comment: '' })
      .rejected(/already given/)
    const sending = [
      ...opened,
      loaded([]),
      O.EducationFeedbackSent({ module: 'gettingStarted', helpful: true, comment: '' }),
    ]
    onboarding
      .given(...sending)
      .when({ type: 'onboarding/SendEducationFeedback', helpful: true, comment: '' })
      .rejected(/being sent/)
    expect(
      onboarding.given(...sending, O.EducationFeedbackSaved({})).state.onboarding.educationCenter?.feedback,
    ).toEqual({ status: 'given' })
  })

  it('closes, keeping what it knows for the next opening', () => {
    const closed = onboarding.given(...opened, loaded(['welcome']), O.EducationCenterClosed({}))
    expect(closed.state.onboarding.educationCenter?.open).toBe(false)
    const again = closed.when({ type: 'onboarding/OpenEducationCenter' }).after().onboarding.educationCenter
    expect(again?.progress).toEqual({ status: 'loaded', played: ['welcome'] })
  })
})

describe('the education center: what a user sees as the platform answers', () => {
  const failure = { kind: 'network', message: 'offline' } as const
  const center = (...events: Parameters<typeof onboarding.given>) =>
    onboarding.given(...events).state.onboarding.educationCenter

  it('says the progress could not be loaded, but keeps progress it already showed', () => {
    expect(center(...opened, O.EducationProgressLoadFailed({ requestId: 'r', failure }))?.progress).toEqual({
      status: 'failed',
      failure,
    })
    const reopened = [
      ...opened,
      loaded(['welcome']),
      O.EducationCenterClosed({}),
      O.EducationCenterOpened({ requestId: 'r2' }),
    ]
    expect(center(...reopened)?.progress).toEqual({ status: 'loaded', played: ['welcome'] })
    expect(
      center(...reopened, O.EducationProgressLoadFailed({ requestId: 'r2', failure }))?.progress,
    ).toEqual({
      status: 'loaded',
      played: ['welcome'],
    })
  })

  it('reopens on the module last shown; a failed or unsent feedback is offered again, a given one is not', () => {
    const closedOn = [
      ...opened,
      loaded([]),
      O.EducationModuleShown({ module: 'security' }),
      O.EducationCenterClosed({}),
    ]
    const again = center(...closedOn, O.EducationCenterOpened({ requestId: 'r2' }))
    expect(again).toMatchObject({ open: true, module: 'security' })
    const failedFeedback = [
      ...opened,
      loaded([]),
      O.EducationFeedbackSent({ module: 'gettingStarted', helpful: true, comment: '' }),
      O.EducationFeedbackFailed({ failure }),
    ]
    expect(center(...failedFeedback)?.feedback).toEqual({ status: 'failed', failure })
    expect(
      center(...failedFeedback, O.EducationCenterClosed({}), O.EducationCenterOpened({ requestId: 'r2' }))
        ?.feedback,
    ).toEqual({ status: 'none' })
    const given = [...opened, loaded([], true), O.EducationCenterClosed({})]
    expect(center(...given, O.EducationCenterOpened({ requestId: 'r2' }))?.feedback).toEqual({
      status: 'given',
    })
  })

  it('takes the feedback again after it failed, on the module then shown', () => {
    onboarding
      .given(
        ...opened,
        loaded([]),
        O.EducationFeedbackSent({ module: 'gettingStarted', helpful: true, comment: '' }),
        O.EducationFeedbackFailed({ failure }),
        O.EducationModuleShown({ module: 'repositories' }),
      )
      .when({ type: 'onboarding/SendEducationFeedback', helpful: true, comment: 'ok' })
      .then(O.EducationFeedbackSent({ module: 'repositories', helpful: true, comment: 'ok' }))
    onboarding
      .given(...opened, loaded([]))
      .when({ type: 'onboarding/SendEducationFeedback', helpful: false, comment: 'x'.repeat(500) })
      .then(O.EducationFeedbackSent({ module: 'gettingStarted', helpful: false, comment: 'x'.repeat(500) }))
    onboarding
      .given(signedIn)
      .when({ type: 'onboarding/SendEducationFeedback', helpful: true, comment: '' })
      .rejected(/not open/)
  })

  it('opening when open only changes the module asked for; closing what is closed does nothing', () => {
    onboarding
      .given(...opened)
      .when({ type: 'onboarding/OpenEducationCenter', module: 'automation' })
      .then(O.EducationModuleShown({ module: 'automation' }))
    onboarding
      .given(...opened)
      .when({ type: 'onboarding/OpenEducationCenter' })
      .nothing()
    // Opened the first time on getting started, which it shows anyway: no module change.
    onboarding
      .given(signedIn)
      .when({ type: 'onboarding/OpenEducationCenter', module: 'gettingStarted' })
      .then(O.EducationCenterOpened({ requestId: 'id-1' }))
    onboarding
      .given(...opened)
      .when({ type: 'onboarding/OpenEducationCenter', module: 'gettingStarted' })
      .nothing()
    // Closed on a module, opened again on that module: no module change is recorded.
    onboarding
      .given(...opened, O.EducationModuleShown({ module: 'security' }), O.EducationCenterClosed({}))
      .when({ type: 'onboarding/OpenEducationCenter', module: 'security' })
      .then(O.EducationCenterOpened({ requestId: 'id-1' }))
    onboarding
      .given(...opened, O.EducationModuleShown({ module: 'security' }), O.EducationCenterClosed({}))
      .when({ type: 'onboarding/OpenEducationCenter', module: 'gettingStarted' })
      .then(
        O.EducationCenterOpened({ requestId: 'id-1' }),
        O.EducationModuleShown({ module: 'gettingStarted' }),
      )
    onboarding
      .given(...opened)
      .when({ type: 'onboarding/CloseEducationCenter' })
      .then(O.EducationCenterClosed({}))
    onboarding.given(signedIn).when({ type: 'onboarding/CloseEducationCenter' }).nothing()
    onboarding
      .given(...opened, O.EducationCenterClosed({}))
      .when({ type: 'onboarding/CloseEducationCenter' })
      .nothing()
  })

  it('shows a module of the panel, refusing one it does not have or while closed', () => {
    onboarding
      .given(...opened)
      .when({ type: 'onboarding/ShowEducationModule', module: 'repositories' })
      .then(O.EducationModuleShown({ module: 'repositories' }))
    onboarding
      .given(...opened)
      .when({ type: 'onboarding/ShowEducationModule', module: 'gettingStarted' })
      .nothing()
    // A script calling the decider itself, past the command codec.
    onboarding
      .given(...opened)
      .when({ type: 'onboarding/ShowEducationModule', module: 'billing' as never })
      .rejected('no module billing')
    onboarding
      .given(...opened)
      .when({ type: 'onboarding/OpenEducationCenter', module: 'billing' as never })
      .rejected('no module billing')
    onboarding
      .given(...opened, O.EducationCenterClosed({}))
      .when({ type: 'onboarding/ShowEducationModule', module: 'repositories' })
      .rejected(/not open/)
    expect(center(...opened, O.EducationModuleShown({ module: 'automation' }))?.module).toBe('automation')
  })

  it('records a video played before the progress arrives, and no video it does not serve', () => {
    onboarding
      .given(...opened)
      .when({ type: 'onboarding/MarkEducationVideoPlayed', video: 'first-repository' })
      .then(O.EducationVideoPlayed({ video: 'first-repository' }))
    expect(center(...opened, O.EducationVideoPlayed({ video: 'first-repository' }))?.progress).toEqual({
      status: 'loaded',
      played: ['first-repository'],
    })
    expect(
      center(...opened, loaded(['welcome']), O.EducationVideoPlayed({ video: 'welcome' }))?.progress,
    ).toEqual({ status: 'loaded', played: ['welcome'] })
    onboarding
      .given(...opened, loaded(['welcome']))
      .when({ type: 'onboarding/MarkEducationVideoPlayed', video: 'intro' as never })
      .rejected('no video intro')
  })

  it('nothing of the center exists before it is first opened', () => {
    expect(
      center(
        signedIn,
        loaded(['welcome'], true),
        O.EducationModuleShown({ module: 'security' }),
        O.EducationCenterClosed({}),
      ),
    ).toBeUndefined()
  })
})
