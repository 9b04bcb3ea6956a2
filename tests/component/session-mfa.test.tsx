import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { left, right } from 'fp-ts/Either'
import * as S from '../../domain/session/events'
import { renderSession } from './sessionHarness'
import { loginData } from '../support/fixtures'
import { user } from '../support/fixtures'

const OTPAUTH = 'otpauth://totp/Platform:dev?secret=JBSWY3DPEHPK3PXP&issuer=Platform'

describe('MFA enrolment screen', () => {
  it('loads the enrolment, shows the QR code and the key, and completes login with a code', async () => {
    const codes: string[] = []
    const h = renderSession('/login/mfa-enroll', {
      seed: [loginData(), S.MfaRequired({ user: 'dev', step: 'enroll' })],
      sessionApi: {
        mfaEnrollment: async () => right({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: OTPAUTH }),
        verifyOtp: async (otp) => {
          codes.push(otp)
          return right(user({ name: 'dev' }))
        },
      },
    })
    expect(screen.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeInTheDocument()
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' })
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/)
    expect(screen.getByLabelText('Authenticator key')).toHaveTextContent('JBSWY3DPEHPK3PXP')
    // The secret is shown, never recorded.
    expect(h.app.exportLog()).not.toContain('JBSWY3DPEHPK3PXP')
    const u = userEvent.setup()
    await u.type(screen.getByRole('textbox', { name: 'Verification code' }), '123456')
    await u.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(h.app.getState().session.status).toBe('signedIn'))
    expect(codes).toEqual(['123456'])
    expect(h.app.exportLog()).not.toContain('123456')
  })

  it('copies the key with a button beside it, for an authenticator that cannot scan', async () => {
    renderSession('/login/mfa-enroll', {
      seed: [loginData(), S.MfaRequired({ user: 'dev', step: 'enroll' })],
      sessionApi: {
        mfaEnrollment: async () => right({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: OTPAUTH }),
      },
    })
    // user-event's clipboard stands in for the browser's.
    const u = userEvent.setup()
    const key = await screen.findByRole('group', { name: 'Authenticator key' })
    await u.click(within(key).getByRole('button', { name: 'Copy key' }))
    expect(await navigator.clipboard.readText()).toBe('JBSWY3DPEHPK3PXP')
    expect(within(key).getByRole('status')).toHaveTextContent('Copied')
  })

  it('shows the failure of the enrolment call', async () => {
    renderSession('/login/mfa-enroll', {
      seed: [loginData(), S.MfaRequired({ user: 'dev', step: 'enroll' })],
      sessionApi: {
        mfaEnrollment: async () => left({ kind: 'status', status: 403, message: 'No pending login' }),
      },
    })
    expect(await screen.findByRole('alert')).toHaveTextContent('No pending login')
  })

  it('without a pending login it says so and links back to login', () => {
    renderSession('/login/mfa-enroll')
    expect(screen.getByRole('alert')).toHaveTextContent('No login is waiting for this step')
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/ui/login')
  })
})

describe('one-time code login', () => {
  const waiting = [loginData(), S.MfaRequired({ user: 'dev', step: 'verify' })]

  it('asks for the code of the Google authenticator and keeps it on a wrong code', async () => {
    const h = renderSession('/login/otp-login', {
      seed: waiting,
      sessionApi: { verifyOtp: async () => left({ kind: 'status', status: 401, message: 'Invalid code' }) },
    })
    expect(h.app.getState().session.login.mfaAuthenticator).toBe('GOOGLE')
    expect(screen.getByText(/code your authenticator app shows for dev/)).toBeInTheDocument()
    const u = userEvent.setup()
    await u.type(screen.getByRole('textbox', { name: 'Verification code' }), '000000')
    await u.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code')
    expect(screen.getByRole('textbox', { name: 'Verification code' })).toHaveValue('000000')
  })

  it("falls back to 'something went wrong' when the failure has no message", async () => {
    renderSession('/login/otp-login', {
      seed: waiting,
      sessionApi: { verifyOtp: async () => left({ kind: 'network', message: 'Failed to fetch' }) },
    })
    const u = userEvent.setup()
    await u.type(screen.getByRole('textbox', { name: 'Verification code' }), '1')
    await u.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('something went wrong')
  })

  it('a 403 ends the pending login', async () => {
    const h = renderSession('/login/otp-login', {
      seed: waiting,
      sessionApi: {
        verifyOtp: async () => left({ kind: 'status', status: 403, message: 'No pending login' }),
      },
    })
    const u = userEvent.setup()
    await u.type(screen.getByRole('textbox', { name: 'Verification code' }), '1')
    await u.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(h.app.getState().session.status).toBe('anonymous'))
    expect(screen.getByRole('alert')).toHaveTextContent('No login is waiting for this step')
  })

  it('an empty code is refused with the mandatory message', async () => {
    renderSession('/login/otp-login', { seed: waiting })
    await userEvent.setup().click(screen.getByRole('button', { name: 'Verify' }))
    expect(screen.getByText('This field is mandatory')).toBeInTheDocument()
  })
})
