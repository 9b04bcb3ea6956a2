import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { left, right } from 'fp-ts/Either'
import { renderSession } from './sessionHarness'
import { loginData, user } from '../support/fixtures'
import * as S from '../../domain/session/events'
import { createHttpClient } from '../../adapters/http/client'
import { createSessionApi } from '../../adapters/http/session'
import { createAccountApi } from '../../adapters/http/account'
import { buttonClass } from '../../ui/shared/kit/Button'
import type { Result } from '../../adapters/ports'
import surface from '../../ui/shared/kit/surface.module.css'

describe('forgot password', () => {
  it('sends the reset mail and says so', async () => {
    const asked: string[] = []
    renderSession('/login/forgot-password', {
      sessionApi: {
        forgotPassword: async (u) => {
          asked.push(u)
          return right(undefined)
        },
      },
    })
    const u = userEvent.setup()
    await u.type(screen.getByRole('textbox', { name: 'Username' }), 'developer')
    await u.click(screen.getByRole('button', { name: 'Send reset link' }))
    const status = await screen.findByRole('status')
    expect(status).toHaveTextContent('an email with a link to reset the password was sent')
    // What to do next, as the kit says it (an icon and a title), and no more the form's instruction.
    expect(status).toHaveTextContent('Check your email')
    expect(status.querySelector('svg')).not.toBeNull()
    expect(screen.queryByText(/Enter your user name/)).toBeNull()
    expect(asked).toEqual(['developer'])
  })

  it("shows 'Email wasn't sent' when the failure has no message, keeping the input", async () => {
    renderSession('/login/forgot-password', {
      sessionApi: { forgotPassword: async () => left({ kind: 'network', message: 'offline' }) },
    })
    const u = userEvent.setup()
    await u.type(screen.getByRole('textbox', { name: 'Username' }), 'developer')
    await u.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByRole('alert')).toHaveTextContent("Email wasn't sent")
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('developer')
  })
})

// Spec 000 section 8: the response's error, else the default. An error answer with an empty body
// carries no error: the console's own HTTP client and session calls read it, and each screen of the
// login family says its default, never the client's stand-in status line.
describe('an error answer with an empty body', () => {
  const http = createHttpClient({
    fetch: async () => new Response(null, { status: 500, statusText: 'Internal Server Error' }),
    sleep: async () => undefined,
  })
  const real = { ...createSessionApi(http), ...createAccountApi(http) }
  const waitingForCode = [loginData(), S.MfaRequired({ user: 'dev', step: 'verify' })]

  const saysOnly = async (words: string) => {
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(words)
    // One look for a refusal on every screen of the family: the kit's failure box (login's was
    // plain red text while Reset password's was the box).
    expect(alert).toHaveClass(surface.failure!)
    expect(alert).not.toHaveTextContent('500')
    expect(alert).not.toHaveTextContent('Internal Server Error')
  }

  it("forgot password says 'Email wasn't sent'", async () => {
    renderSession('/login/forgot-password', { sessionApi: { forgotPassword: real.forgotPassword } })
    const u = userEvent.setup()
    await u.type(screen.getByRole('textbox', { name: 'Username' }), 'developer')
    await u.click(screen.getByRole('button', { name: 'Send reset link' }))
    await saysOnly("Email wasn't sent")
  })

  it("login says 'Login failed'", async () => {
    renderSession('/login', { sessionApi: { login: real.login } })
    const u = userEvent.setup()
    await u.type(screen.getByRole('textbox', { name: 'Username' }), 'developer')
    await u.type(screen.getByLabelText('Password', { exact: true }), 'pw')
    await u.click(screen.getByRole('button', { name: 'Log in' }))
    await saysOnly('Login failed')
  })

  it("reset password says 'Failed to reset the password'", async () => {
    renderSession('/login/reset-password?key=k', {
      sessionApi: { validateKey: async () => right({ user: 'u' }), resetPassword: real.resetPassword },
    })
    const u = userEvent.setup()
    await u.type(await screen.findByLabelText('New password'), 'a')
    await u.type(screen.getByLabelText('Confirm new password'), 'a')
    await u.click(screen.getByRole('button', { name: 'Reset password' }))
    await saysOnly('Failed to reset the password')
  })

  it("the reset link's check says 'Failed to reset the password'", async () => {
    renderSession('/login/reset-password?key=k', { sessionApi: { validateKey: real.validateKey } })
    await saysOnly('Failed to reset the password')
  })

  it("change password says 'Failed to change password'", async () => {
    renderSession('/login/change-password?userName=u', {
      sessionApi: { changePassword: real.changePassword },
    })
    const u = userEvent.setup()
    await u.type(screen.getByLabelText('Current password'), 'old')
    await u.type(screen.getByLabelText('New password'), 'new')
    await u.type(screen.getByLabelText('Confirm new password'), 'new')
    await u.click(screen.getByRole('button', { name: 'Change password' }))
    await saysOnly('Failed to change password')
  })

  it("one-time code login says 'something went wrong'", async () => {
    renderSession('/login/otp-login', { seed: waitingForCode, sessionApi: { verifyOtp: real.verifyOtp } })
    const u = userEvent.setup()
    await u.type(screen.getByRole('textbox', { name: 'Verification code' }), '123456')
    await u.click(screen.getByRole('button', { name: 'Verify' }))
    await saysOnly('something went wrong')
  })
})

describe('reset password', () => {
  it('validates the key from the query, then resets and signs in', async () => {
    const keys: string[] = []
    const resets: unknown[] = []
    const h = renderSession('/login/reset-password?key=k-123', {
      sessionApi: {
        validateKey: async (key) => {
          keys.push(key)
          return right({ user: 'developer' })
        },
        resetPassword: async (input) => {
          resets.push(input)
          return right(user())
        },
      },
    })
    expect(await screen.findByRole('textbox', { name: 'Username' })).toHaveValue('developer')
    const u = userEvent.setup()
    await u.type(screen.getByLabelText('New password'), 'N3w-password!')
    await u.type(screen.getByLabelText('Confirm new password'), 'different')
    await u.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument()
    await u.clear(screen.getByLabelText('Confirm new password'))
    await u.type(screen.getByLabelText('Confirm new password'), 'N3w-password!')
    await u.click(screen.getByRole('button', { name: 'Reset password' }))
    await waitFor(() => expect(h.app.getState().session.status).toBe('signedIn'))
    expect(keys).toEqual(['k-123'])
    expect(resets).toEqual([{ key: 'k-123', user: 'developer', password: 'N3w-password!' }])
    expect(h.app.exportLog()).not.toContain('k-123')
  })

  it('an unknown or used key shows the server message, as the kit shows a failure, and the way on', async () => {
    let answer!: (result: Result<{ readonly user: string }>) => void
    renderSession('/login/reset-password?key=old', {
      sessionApi: { validateKey: () => new Promise((resolve) => (answer = resolve)) },
    })
    // While the platform checks the key: the form's shape, not a line of text.
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Ask for a new link' })).toBeNull()
    answer(left({ kind: 'status', status: 400, message: 'The link has expired' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The link has expired')
    expect(alert).toHaveClass(surface.failure!)
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveClass(
      ...buttonClass('primary').split(' '),
    )
  })

  it("a failed reset shows 'Failed to reset the password' by default", async () => {
    renderSession('/login/reset-password?key=k', {
      sessionApi: {
        validateKey: async () => right({ user: 'u' }),
        resetPassword: async () => left({ kind: 'decode', message: 'bad answer' }),
      },
    })
    const u = userEvent.setup()
    await u.type(await screen.findByLabelText('New password'), 'a')
    await u.type(screen.getByLabelText('Confirm new password'), 'a')
    await u.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to reset the password')
  })

  it('a link without a key says so, with the way on to a new link', () => {
    renderSession('/login/reset-password')
    expect(screen.getByRole('alert')).toHaveTextContent('This link to reset your password is incomplete')
    expect(screen.getByRole('alert')).toHaveClass(surface.failure!)
    const way = screen.getByRole('link', { name: 'Ask for a new link' })
    expect(way).toHaveAttribute('href', '/ui/login/forgot-password')
    // The screen's one way on looks like its button; the way back stays a text link.
    expect(way).toHaveClass(...buttonClass('primary').split(' '))
    expect(screen.getByRole('link', { name: 'Back to login' })).not.toHaveClass(buttonClass('primary'))
  })
})

describe('change password', () => {
  it('takes the user name from the route and changes the password', async () => {
    const changes: unknown[] = []
    const h = renderSession('/login/change-password/old%20user', {
      sessionApi: {
        changePassword: async (input) => {
          changes.push(input)
          return right(user({ name: 'old user' }))
        },
      },
    })
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('old user')
    const u = userEvent.setup()
    await u.type(screen.getByLabelText('Current password'), 'old')
    await u.type(screen.getByLabelText('New password'), 'new')
    await u.type(screen.getByLabelText('Confirm new password'), 'new')
    await u.click(screen.getByRole('button', { name: 'Change password' }))
    await waitFor(() => expect(h.app.getState().session.status).toBe('signedIn'))
    expect(changes).toEqual([{ userName: 'old user', oldPassword: 'old', newPassword: 'new' }])
  })

  it('refuses a form with an empty current password and differing passwords, keeping what was typed', async () => {
    const changes: unknown[] = []
    renderSession('/login/change-password?userName=u', {
      sessionApi: {
        changePassword: async (input) => {
          changes.push(input)
          return right(user({ name: 'u' }))
        },
      },
    })
    const u = userEvent.setup()
    await u.clear(screen.getByRole('textbox', { name: 'Username' }))
    await u.type(screen.getByLabelText('New password'), 'new')
    await u.type(screen.getByLabelText('Confirm new password'), 'other')
    await u.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument()
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription('This field is mandatory')
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription(
      'This field is mandatory',
    )
    expect(screen.getByLabelText('New password')).toHaveValue('new')
    expect(screen.getByLabelText('Confirm new password')).toHaveValue('other')
    expect(changes).toEqual([])
  })

  it("shows the server's message, or 'Failed to change password'", async () => {
    renderSession('/login/change-password?userName=u', {
      sessionApi: { changePassword: async () => left({ kind: 'timeout', message: 'slow' }) },
    })
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('u')
    const u = userEvent.setup()
    await u.type(screen.getByLabelText('Current password'), 'old')
    await u.type(screen.getByLabelText('New password'), 'new')
    await u.type(screen.getByLabelText('Confirm new password'), 'new')
    await u.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to change password')
    expect(screen.getByLabelText('Current password')).toHaveValue('old')
  })
})
