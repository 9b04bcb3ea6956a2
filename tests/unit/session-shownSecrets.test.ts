// Secrets shown to the user (MFA enrolment data, a revealed API key) belong to one app: its
// ports keep them in memory by the reference its state holds, and a session's end drops them.
import { describe, expect, it } from 'vitest'
import { right } from 'fp-ts/Either'
import { createApp } from '../../composition/createApp'
import { allEffects } from '../../composition/createApp'
import * as S from '../../domain/session/events'
import { fakePorts } from '../support/fakePorts'
import { sessionApi, user } from '../support/fixtures'

const enrollment = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Platform:dev?secret=JBSWY3DPEHPK3PXP',
}

function app(secret = enrollment.secret) {
  return createApp({
    ports: fakePorts({
      sessionApi: {
        ...sessionApi({}, user({ name: 'dev' })),
        mfaEnrollment: async () => right({ ...enrollment, secret }),
        verifyOtp: async () => right(user({ name: 'dev' })),
        apiKey: async () => right(`key-of-${secret}`),
        logout: async () => right(undefined),
      },
    }),
    effects: allEffects,
    seed: [S.MfaRequired({ user: 'dev', step: 'enroll' })],
  })
}

const readyRef = (state: ReturnType<ReturnType<typeof app>['getState']>) =>
  state.session.mfaEnrollment.status === 'ready' ? state.session.mfaEnrollment.ref : undefined

describe('shown secrets', () => {
  it("one app's enrolment data is not another's, and is dropped when the login completes", async () => {
    const a = app('AAAA')
    const b = app('BBBB')
    a.dispatch({ type: 'session/LoadMfaEnrollment' })
    b.dispatch({ type: 'session/LoadMfaEnrollment' })
    await expect
      .poll(() => readyRef(a.getState()) !== undefined && readyRef(b.getState()) !== undefined)
      .toBe(true)
    const refA = readyRef(a.getState()) as string
    const refB = readyRef(b.getState()) as string
    expect(a.shown.enrollments.get(refA)?.secret).toBe('AAAA')
    expect(b.shown.enrollments.get(refB)?.secret).toBe('BBBB')
    // Both apps draw the same ids here, so one module-wide store would answer alike for both.
    expect(refA).toBe(refB)
    expect(a.exportLog()).not.toContain('AAAA')
    a.dispatch({ type: 'session/VerifyOtp', otpRef: a.stashSecret('123456') })
    await expect.poll(() => a.getState().session.status).toBe('signedIn')
    expect(a.shown.enrollments.get(refA)).toBeUndefined()
    expect(b.shown.enrollments.get(refB)?.secret).toBe('BBBB')
  })

  it('an API key is shown by reference until the session ends, and never recorded', async () => {
    const ports = fakePorts({
      sessionApi: {
        ...sessionApi({}, user({ name: 'dev' })),
        apiKey: async () => right('AKCp-secret-key'),
        logout: async () => right(undefined),
      },
    })
    const a = createApp({
      ports,
      effects: allEffects,
      seed: [S.SignedIn({ user: user({ name: 'dev' }), via: 'password' })],
    })
    a.dispatch({ type: 'session/RevealApiKey', passwordRef: a.stashSecret('pw') })
    await expect.poll(() => a.getState().session.profile.apiKey.status).toBe('ready')
    const key = a.getState().session.profile.apiKey
    const ref = key.status === 'ready' ? key.ref : ''
    expect(a.shown.apiKeys.get(ref)).toBe('AKCp-secret-key')
    expect(a.exportLog()).not.toContain('AKCp-secret-key')
    // A support bundle's session held for replay goes with the session too.
    const held = ports.shown.sessions.put('{"kind":"header"}')
    a.dispatch({ type: 'session/SignOut' })
    await expect.poll(() => a.getState().session.status).toBe('anonymous')
    expect(a.shown.apiKeys.get(ref)).toBeUndefined()
    expect(a.shown.sessions.get(held)).toBeUndefined()
  })
})
