/**
 * The session area's account screens (spec 000 section 5, login and authentication): the
 * profile (unlock with the password, changes, the API key shown once), registration and
 * invitations, password reset and change: what each command asks for, what it refuses and
 * why, and what the screens show as the answers come.
 */
import { describe, expect, it } from 'vitest'
import { appSlice, type AppEvent } from '../../domain/app'
import { sessionArea } from '../../domain/session'
import * as A from '../../domain/session/accountEvents'
import * as S from '../../domain/session/events'
import { foldEvents, spec } from '../support/decider'
import { anonymous, user } from '../support/fixtures'

const session = spec(appSlice(sessionArea))
const failure = { kind: 'status' as const, status: 401, message: 'wrong password' }
const locked = { kind: 'status' as const, status: 403, message: 'unlock again', code: 'PROFILE_LOCKED' }
const ann = user({ name: 'ann' })
const signedIn = S.SignedIn({ user: ann, via: 'password' })
const unlocked = [
  signedIn,
  A.ProfileUnlockRequested({ passwordRef: 'p' }),
  A.ProfileUnlocked({ unlockedUntil: '2026-01-01T00:10:00.000Z' }),
]
const sliceOf = (events: ReadonlyArray<AppEvent>) => foldEvents(events).session

describe('the profile', () => {
  it('is unlocked with the password by a signed-in user, once at a time', () => {
    session
      .given(signedIn)
      .when({ type: 'session/UnlockProfile', passwordRef: 'p' })
      .then(A.ProfileUnlockRequested({ passwordRef: 'p' }))
    session
      .given()
      .when({ type: 'session/UnlockProfile', passwordRef: 'p' })
      .rejected(/sign in/)
    session
      .given(S.UserDataLoaded({ user: anonymous() }))
      .when({ type: 'session/UnlockProfile', passwordRef: 'p' })
      .rejected(/sign in/)
    session
      .given(signedIn, A.ProfileUnlockRequested({ passwordRef: 'p' }))
      .when({ type: 'session/UnlockProfile', passwordRef: 'p' })
      .rejected(/already being checked/)
  })

  it('shows the unlock under way, then unlocked until the server says, or its failure', () => {
    expect(sliceOf([signedIn, A.ProfileUnlockRequested({ passwordRef: 'p' })]).profile.unlock).toEqual({
      status: 'pending',
    })
    expect(sliceOf(unlocked).profile).toMatchObject({
      unlocked: true,
      unlockedUntil: '2026-01-01T00:10:00.000Z',
      unlock: { status: 'done' },
    })
    const failed = sliceOf([
      signedIn,
      A.ProfileUnlockRequested({ passwordRef: 'p' }),
      A.ProfileUnlockFailed({ failure }),
    ]).profile
    expect(failed).toMatchObject({ unlocked: false, unlock: { status: 'failed', failure } })
  })

  it('changes the email or the password of an unlocked, changeable profile', () => {
    session
      .given(...unlocked)
      .when({ type: 'session/UpdateProfile', email: '  ann@example.com ' })
      .then(A.ProfileUpdateRequested({ email: 'ann@example.com', newPasswordRef: null }))
    session
      .given(...unlocked)
      .when({ type: 'session/UpdateProfile', newPasswordRef: 'np' })
      .then(A.ProfileUpdateRequested({ email: null, newPasswordRef: 'np' }))
  })

  it('refuses a change without a signed-in user, on a profile the platform keeps, locked, or empty', () => {
    const update = { type: 'session/UpdateProfile', email: 'a@b.c' } as const
    session
      .given()
      .when(update)
      .rejected(/sign in/)
    session
      .given(S.SignedIn({ user: user({ name: 'ann', profileUpdatable: false }), via: 'password' }))
      .when(update)
      .rejected(/cannot be changed/)
    session
      .given(signedIn)
      .when(update)
      .rejected(/unlock/)
    session
      .given(...unlocked, A.ProfileUpdateRequested({ email: 'a@b.c', newPasswordRef: null }))
      .when(update)
      .rejected(/already being saved/)
    session
      .given(...unlocked)
      .when({ type: 'session/UpdateProfile', email: '  ' })
      .rejected(/email: mandatory/)
    session
      .given(...unlocked)
      .when({ type: 'session/UpdateProfile' })
      .rejected(/nothing to change/)
  })

  it('shows the saved profile of the user signed in, and a failure', () => {
    const saving = [...unlocked, A.ProfileUpdateRequested({ email: 'new@x.y', newPasswordRef: null })]
    expect(sliceOf(saving).profile.update).toEqual({ status: 'pending' })
    const changed = user({ name: 'ann', email: 'new@x.y' })
    const saved = sliceOf([...saving, A.ProfileUpdated({ user: changed, passwordChanged: false })])
    expect(saved.profile.update).toEqual({ status: 'done' })
    expect(saved.user).toEqual(changed)
    // An answer naming someone else does not replace the user signed in.
    const other = sliceOf([
      ...saving,
      A.ProfileUpdated({ user: user({ name: 'bob' }), passwordChanged: false }),
    ])
    expect(other.user?.name).toBe('ann')
    expect(other.profile.update).toEqual({ status: 'done' })
    const failed = sliceOf([...saving, A.ProfileUpdateFailed({ failure })]).profile
    expect(failed).toMatchObject({ update: { status: 'failed', failure }, unlocked: true })
  })

  it('asks for the password again when the server says the unlock ran out', () => {
    const p = sliceOf([
      ...unlocked,
      A.ProfileUpdateRequested({ email: 'n@x.y', newPasswordRef: null }),
      A.ProfileUpdateFailed({ failure: locked }),
    ]).profile
    expect(p).toMatchObject({ unlocked: false, unlockedUntil: null, update: { status: 'failed' } })
  })

  it('shows the API key once asked, hides it on request, and says why it failed', () => {
    session
      .given(signedIn)
      .when({ type: 'session/RevealApiKey', passwordRef: 'p' })
      .then(A.ApiKeyRequested({ passwordRef: 'p', userName: 'ann' }))
    session
      .given()
      .when({ type: 'session/RevealApiKey', passwordRef: 'p' })
      .rejected(/sign in/)
    session
      .given(signedIn, A.ApiKeyRequested({ passwordRef: 'p', userName: 'ann' }))
      .when({ type: 'session/RevealApiKey', passwordRef: 'p' })
      .rejected(/already being fetched/)
    const asked = [signedIn, A.ApiKeyRequested({ passwordRef: 'p', userName: 'ann' })]
    expect(sliceOf(asked).profile.apiKey).toEqual({ status: 'loading' })
    expect(sliceOf([...asked, A.ApiKeyRevealed({ ref: 'k1' })]).profile.apiKey).toEqual({
      status: 'ready',
      ref: 'k1',
    })
    expect(sliceOf([...asked, A.ApiKeyFailed({ failure })]).profile.apiKey).toEqual({
      status: 'failed',
      failure,
    })
    session
      .given(signedIn)
      .when({ type: 'session/HideApiKey' })
      .rejected(/no API key/)
    session
      .given(...asked, A.ApiKeyRevealed({ ref: 'k1' }))
      .when({ type: 'session/HideApiKey' })
      .then(A.ApiKeyHidden({}))
    expect(sliceOf([...asked, A.ApiKeyRevealed({ ref: 'k1' }), A.ApiKeyHidden({})]).profile.apiKey).toEqual({
      status: 'idle',
    })
  })

  it('a new login starts the profile locked again', () => {
    const p = sliceOf([...unlocked, S.SignedIn({ user: ann, via: 'password' })]).profile
    expect(p.unlocked).toBe(false)
    expect(sliceOf([...unlocked, S.SignedOut({ reason: 'logout' })]).profile.unlocked).toBe(false)
  })
})

describe('registration and invitations', () => {
  it('registers a user with an email, trimmed, once at a time', () => {
    session
      .given()
      .when({ type: 'session/Register', user: ' ann ', email: ' a@b.c ', passwordRef: 'p' })
      .then(A.RegistrationRequested({ user: 'ann', email: 'a@b.c', passwordRef: 'p' }))
    session
      .given()
      .when({ type: 'session/Register', user: ' ', email: 'a@b.c', passwordRef: 'p' })
      .rejected(/user: mandatory/)
    session
      .given()
      .when({ type: 'session/Register', user: 'ann', email: '', passwordRef: 'p' })
      .rejected(/email: mandatory/)
    session
      .given(A.RegistrationRequested({ user: 'ann', email: 'a@b.c', passwordRef: 'p' }))
      .when({ type: 'session/Register', user: 'ann', email: 'a@b.c', passwordRef: 'p' })
      .rejected(/already under way/)
    const asked = [A.RegistrationRequested({ user: 'ann', email: 'a@b.c', passwordRef: 'p' })]
    expect(sliceOf(asked)).toMatchObject({ loading: true, forms: { register: { status: 'pending' } } })
    expect(sliceOf([...asked, A.RegistrationFailed({ failure })])).toMatchObject({
      loading: false,
      forms: { register: { status: 'failed', failure } },
    })
  })

  it('checks an invitation, then accepts only a valid one, once at a time', () => {
    session
      .given()
      .when({ type: 'session/CheckInvitation', tokenRef: 't' })
      .then(A.InvitationCheckRequested({ tokenRef: 't' }))
    const accept = {
      type: 'session/AcceptInvitation',
      user: ' ann ',
      tokenRef: 't',
      passwordRef: 'p',
    } as const
    session
      .given()
      .when(accept)
      .rejected(/not valid/)
    session
      .given(A.InvitationCheckRequested({ tokenRef: 't' }), A.InvitationRejected({ failure }))
      .when(accept)
      .rejected(/not valid/)
    const valid = [A.InvitationCheckRequested({ tokenRef: 't' }), A.InvitationChecked({ email: 'a@b.c' })]
    expect(sliceOf(valid).invitation).toEqual({ status: 'valid', email: 'a@b.c' })
    expect(sliceOf(valid.slice(0, 1)).invitation).toEqual({ status: 'checking' })
    session
      .given(...valid)
      .when(accept)
      .then(A.InvitationAcceptRequested({ user: 'ann', tokenRef: 't', passwordRef: 'p' }))
    session
      .given(...valid)
      .when({ ...accept, user: '' })
      .rejected(/user: mandatory/)
    const accepting = [
      ...valid,
      A.InvitationAcceptRequested({ user: 'ann', tokenRef: 't', passwordRef: 'p' }),
    ]
    session
      .given(...accepting)
      .when(accept)
      .rejected(/already being accepted/)
    expect(sliceOf(accepting)).toMatchObject({ loading: true, forms: { invitation: { status: 'pending' } } })
    expect(sliceOf([...accepting, A.InvitationAcceptFailed({ failure })])).toMatchObject({
      loading: false,
      forms: { invitation: { status: 'failed', failure } },
    })
  })

  it('a refused invitation stays refused after a sign-out; a valid one is forgotten', () => {
    const refused = [A.InvitationCheckRequested({ tokenRef: 't' }), A.InvitationRejected({ failure })]
    expect(sliceOf([...refused, S.SignedOut({ reason: 'logout' })]).invitation).toEqual({
      status: 'invalid',
      failure,
    })
    expect(
      sliceOf([
        A.InvitationCheckRequested({ tokenRef: 't' }),
        A.InvitationChecked({ email: 'a@b.c' }),
        S.SignedOut({ reason: 'logout' }),
      ]).invitation,
    ).toEqual({ status: 'idle' })
  })
})

describe('passwords', () => {
  it('asks for a reset mail for a named user, once at a time, and says when it went or failed', () => {
    session
      .given()
      .when({ type: 'session/RequestPasswordReset', user: ' ann ' })
      .then(A.PasswordResetRequested({ user: 'ann' }))
    session
      .given()
      .when({ type: 'session/RequestPasswordReset', user: '' })
      .rejected(/user: mandatory/)
    const asked = [A.PasswordResetRequested({ user: 'ann' })]
    session
      .given(...asked)
      .when({ type: 'session/RequestPasswordReset', user: 'ann' })
      .rejected(/already being sent/)
    expect(sliceOf(asked)).toMatchObject({ loading: true, forms: { forgot: { status: 'pending' } } })
    expect(sliceOf([...asked, A.PasswordResetMailed({})])).toMatchObject({
      loading: false,
      forms: { forgot: { status: 'done' } },
    })
    expect(sliceOf([...asked, A.PasswordResetRequestFailed({ failure })])).toMatchObject({
      loading: false,
      forms: { forgot: { status: 'failed', failure } },
    })
  })

  it('validates the reset key, then resets for a named user, once at a time', () => {
    session
      .given()
      .when({ type: 'session/ValidateResetKey', keyRef: 'k' })
      .then(A.ResetKeyValidationRequested({ keyRef: 'k' }))
    expect(sliceOf([A.ResetKeyValidationRequested({ keyRef: 'k' })]).resetKey).toEqual({
      status: 'validating',
    })
    expect(
      sliceOf([A.ResetKeyValidationRequested({ keyRef: 'k' }), A.ResetKeyValidated({ user: 'ann' })])
        .resetKey,
    ).toEqual({ status: 'valid', user: 'ann' })
    expect(
      sliceOf([A.ResetKeyValidationRequested({ keyRef: 'k' }), A.ResetKeyRejected({ failure })]).resetKey,
    ).toEqual({ status: 'invalid', failure })
    const reset = { type: 'session/ResetPassword', user: ' ann ', keyRef: 'k', passwordRef: 'p' } as const
    session
      .given()
      .when(reset)
      .then(A.PasswordResetSubmitted({ user: 'ann', keyRef: 'k', passwordRef: 'p' }))
    session
      .given()
      .when({ ...reset, user: ' ' })
      .rejected(/user: mandatory/)
    const submitted = [A.PasswordResetSubmitted({ user: 'ann', keyRef: 'k', passwordRef: 'p' })]
    session
      .given(...submitted)
      .when(reset)
      .rejected(/already under way/)
    expect(sliceOf(submitted)).toMatchObject({ loading: true, forms: { reset: { status: 'pending' } } })
    expect(sliceOf([...submitted, A.PasswordResetFailed({ failure })])).toMatchObject({
      loading: false,
      forms: { reset: { status: 'failed', failure } },
    })
  })

  it('changes a password for a named user, once at a time', () => {
    const change = {
      type: 'session/ChangePassword',
      userName: ' ann ',
      oldPasswordRef: 'o',
      newPasswordRef: 'n',
    } as const
    session
      .given()
      .when(change)
      .then(A.PasswordChangeRequested({ userName: 'ann', oldPasswordRef: 'o', newPasswordRef: 'n' }))
    session
      .given()
      .when({ ...change, userName: '' })
      .rejected(/userName: mandatory/)
    const asked = [A.PasswordChangeRequested({ userName: 'ann', oldPasswordRef: 'o', newPasswordRef: 'n' })]
    session
      .given(...asked)
      .when(change)
      .rejected(/already under way/)
    expect(sliceOf(asked)).toMatchObject({ loading: true, forms: { change: { status: 'pending' } } })
    expect(sliceOf([...asked, A.PasswordChangeFailed({ failure })])).toMatchObject({
      loading: false,
      forms: { change: { status: 'failed', failure } },
    })
  })
})
