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
