// Given events, when a command, then events: the education center (spec 001 sections 2-3):
// open for signed-in users, modules, a played video remembered once, feedback with its rule.
import { describe, expect, it } from 'vitest'
import * as O from '../../domain/education/events'
import * as S from '../../domain/session/events'
import { educationArea } from '../../domain/education/decider'
import { appSlice } from '../../domain/app'
import { spec } from '../support/decider'
import { user } from '../support/fixtures'

const education = spec(appSlice(educationArea))
const signedIn = S.SignedIn({ user: user({ name: 'developer' }), via: 'password' })
const opened = [signedIn, O.EducationCenterOpened({ requestId: 'r' })]
const loaded = (played: string[], feedbackGiven = false) =>
  O.EducationProgressLoaded({ requestId: 'r', progress: { played, feedbackGiven } })

describe('the education center (spec 001 sections 2-3)', () => {
  it('opens for a signed-in user on getting started, or on the module asked for', () => {
    education
      .given(signedIn)
      .when({ type: 'education/Open' })
      .then(O.EducationCenterOpened({ requestId: 'id-1' }))
    education
      .given(signedIn)
      .when({ type: 'education/Open', module: 'security' })
      .then(O.EducationCenterOpened({ requestId: 'id-1' }), O.EducationModuleShown({ module: 'security' }))
    education
      .given()
      .when({ type: 'education/Open' })
      .rejected(/signed-in users/)
    const state = education.given(...opened).state.education.center
    expect(state).toEqual({
      open: true,
      module: 'gettingStarted',
      progress: { status: 'loading', requestId: 'r' },
      feedback: { status: 'none' },
    })
  })

  it('shows the videos the platform says were played and whether feedback was given', () => {
    const state = education.given(...opened, loaded(['welcome'], true)).state.education.center
    expect(state?.progress).toEqual({ status: 'loaded', played: ['welcome'] })
    expect(state?.feedback).toEqual({ status: 'given' })
  })

  it('remembers a video played to its end once', () => {
    education
      .given(...opened, loaded([]))
      .when({ type: 'education/MarkVideoPlayed', video: 'welcome' })
      .then(O.EducationVideoPlayed({ video: 'welcome' }))
    education
      .given(...opened, loaded(['welcome']))
      .when({ type: 'education/MarkVideoPlayed', video: 'welcome' })
      .nothing()
    education
      .given(signedIn)
      .when({ type: 'education/MarkVideoPlayed', video: 'welcome' })
      .rejected(/not open/)
    const after = education.given(
      ...opened,
      loaded(['welcome']),
      O.EducationVideoPlayed({ video: 'publish-package' }),
    )
    expect(after.state.education.center?.progress).toEqual({
      status: 'loaded',
      played: ['welcome', 'publish-package'],
    })
  })

  it('takes feedback on the module shown once, with a comment of at most 500 characters', () => {
    education
      .given(...opened, loaded([]), O.EducationModuleShown({ module: 'automation' }))
      .when({ type: 'education/SendFeedback', helpful: false, comment: '  more on builds  ' })
      .then(O.EducationFeedbackSent({ module: 'automation', helpful: false, comment: 'more on builds' }))
    education
      .given(...opened, loaded([]))
      .when({ type: 'education/SendFeedback', helpful: true, comment: 'x'.repeat(501) })
      .rejected('feedbackTooLong')
    education
      .given(...opened, loaded([], true))
      .when({ type: 'education/SendFeedback', helpful: true, comment: '' })
      .rejected(/already given/)
    const sending = [
      ...opened,
      loaded([]),
      O.EducationFeedbackSent({ module: 'gettingStarted', helpful: true, comment: '' }),
    ]
    education
      .given(...sending)
      .when({ type: 'education/SendFeedback', helpful: true, comment: '' })
      .rejected(/being sent/)
    expect(
      education.given(...sending, O.EducationFeedbackSaved({})).state.education.center?.feedback,
    ).toEqual({ status: 'given' })
  })

  it('closes, keeping what it knows for the next opening', () => {
    const closed = education.given(...opened, loaded(['welcome']), O.EducationCenterClosed({}))
    expect(closed.state.education.center?.open).toBe(false)
    const again = closed.when({ type: 'education/Open' }).after().education.center
    expect(again?.progress).toEqual({ status: 'loaded', played: ['welcome'] })
  })
})

describe('the education center: what a user sees as the platform answers', () => {
  const failure = { kind: 'network', message: 'offline' } as const
  const center = (...events: Parameters<typeof education.given>) =>
    education.given(...events).state.education.center

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
    education
      .given(
        ...opened,
        loaded([]),
        O.EducationFeedbackSent({ module: 'gettingStarted', helpful: true, comment: '' }),
        O.EducationFeedbackFailed({ failure }),
        O.EducationModuleShown({ module: 'repositories' }),
      )
      .when({ type: 'education/SendFeedback', helpful: true, comment: 'ok' })
      .then(O.EducationFeedbackSent({ module: 'repositories', helpful: true, comment: 'ok' }))
    education
      .given(...opened, loaded([]))
      .when({ type: 'education/SendFeedback', helpful: false, comment: 'x'.repeat(500) })
      .then(O.EducationFeedbackSent({ module: 'gettingStarted', helpful: false, comment: 'x'.repeat(500) }))
    education
      .given(signedIn)
      .when({ type: 'education/SendFeedback', helpful: true, comment: '' })
      .rejected(/not open/)
  })

  it('opening when open only changes the module asked for; closing what is closed does nothing', () => {
    education
      .given(...opened)
      .when({ type: 'education/Open', module: 'automation' })
      .then(O.EducationModuleShown({ module: 'automation' }))
    education
      .given(...opened)
      .when({ type: 'education/Open' })
      .nothing()
    // Opened the first time on getting started, which it shows anyway: no module change.
    education
      .given(signedIn)
      .when({ type: 'education/Open', module: 'gettingStarted' })
      .then(O.EducationCenterOpened({ requestId: 'id-1' }))
    education
      .given(...opened)
      .when({ type: 'education/Open', module: 'gettingStarted' })
      .nothing()
    // Closed on a module, opened again on that module: no module change is recorded.
    education
      .given(...opened, O.EducationModuleShown({ module: 'security' }), O.EducationCenterClosed({}))
      .when({ type: 'education/Open', module: 'security' })
      .then(O.EducationCenterOpened({ requestId: 'id-1' }))
    education
      .given(...opened, O.EducationModuleShown({ module: 'security' }), O.EducationCenterClosed({}))
      .when({ type: 'education/Open', module: 'gettingStarted' })
      .then(
        O.EducationCenterOpened({ requestId: 'id-1' }),
        O.EducationModuleShown({ module: 'gettingStarted' }),
      )
    education
      .given(...opened)
      .when({ type: 'education/Close' })
      .then(O.EducationCenterClosed({}))
    education.given(signedIn).when({ type: 'education/Close' }).nothing()
    education
      .given(...opened, O.EducationCenterClosed({}))
      .when({ type: 'education/Close' })
      .nothing()
  })

  it('shows a module of the panel, refusing one it does not have or while closed', () => {
    education
      .given(...opened)
      .when({ type: 'education/ShowModule', module: 'repositories' })
      .then(O.EducationModuleShown({ module: 'repositories' }))
    education
      .given(...opened)
      .when({ type: 'education/ShowModule', module: 'gettingStarted' })
      .nothing()
    // A script calling the decider itself, past the command codec.
    education
      .given(...opened)
      .when({ type: 'education/ShowModule', module: 'billing' as never })
      .rejected('no module billing')
    education
      .given(...opened)
      .when({ type: 'education/Open', module: 'billing' as never })
      .rejected('no module billing')
    education
      .given(...opened, O.EducationCenterClosed({}))
      .when({ type: 'education/ShowModule', module: 'repositories' })
      .rejected(/not open/)
    expect(center(...opened, O.EducationModuleShown({ module: 'automation' }))?.module).toBe('automation')
  })

  it('records a video played before the progress arrives, and no video it does not serve', () => {
    education
      .given(...opened)
      .when({ type: 'education/MarkVideoPlayed', video: 'first-repository' })
      .then(O.EducationVideoPlayed({ video: 'first-repository' }))
    expect(center(...opened, O.EducationVideoPlayed({ video: 'first-repository' }))?.progress).toEqual({
      status: 'loaded',
      played: ['first-repository'],
    })
    expect(
      center(...opened, loaded(['welcome']), O.EducationVideoPlayed({ video: 'welcome' }))?.progress,
    ).toEqual({ status: 'loaded', played: ['welcome'] })
    education
      .given(...opened, loaded(['welcome']))
      .when({ type: 'education/MarkVideoPlayed', video: 'intro' as never })
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
