import { describe, expect, it } from 'vitest'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { left, right } from 'fp-ts/Either'
import * as S from '../../domain/session/events'
import { CLI_KEYS } from '../../commands/effects/session'
import { navigated, renderSession } from './sessionHarness'
import { loginData } from '../support/fixtures'
import { statusFailure, user } from '../support/fixtures'

describe('registration', () => {
  it('checks the fields, then creates the account and signs in', async () => {
    const calls: unknown[] = []
    const h = renderSession('/login/registration', {
      sessionApi: {
        register: async (input) => {
          calls.push(input)
          return right(user({ name: input.user }))
        },
      },
    })
    const u = userEvent.setup()
    await u.type(screen.getByRole('textbox', { name: 'Username' }), 'newbie')
    await u.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email')
    await u.click(screen.getByRole('button', { name: 'Create account' }))
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument()
    await u.clear(screen.getByRole('textbox', { name: 'Email' }))
    await u.type(screen.getByRole('textbox', { name: 'Email' }), 'n@example.com')
    await u.type(screen.getByLabelText('Password'), 'pw')
    await u.type(screen.getByLabelText('Confirm password'), 'pw')
    await u.click(screen.getByRole('button', { name: 'Create account' }))
    await waitFor(() => expect(h.app.getState().session.status).toBe('signedIn'))
    expect(calls).toEqual([{ user: 'newbie', email: 'n@example.com', password: 'pw' }])
  })

  it('shows a conflict from the server', async () => {
    renderSession('/login/registration', {
      sessionApi: {
        register: async () => left({ kind: 'status', status: 409, message: 'The user already exists' }),
      },
    })
    const u = userEvent.setup()
    await u.type(screen.getByRole('textbox', { name: 'Username' }), 'x')
    await u.type(screen.getByRole('textbox', { name: 'Email' }), 'x@example.com')
    await u.type(screen.getByLabelText('Password'), 'pw')
    await u.type(screen.getByLabelText('Confirm password'), 'pw')
    await u.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The user already exists')
  })
})

// Registration showed the platform's raw 'Invalid request: user: …' (the audit): the problem alone.
it("registration shows the platform's problem with a field without the request's wording", async () => {
  const said = 'Invalid request: user: Name can only contain alphanumeric characters, dashes and periods'
  renderSession('/login/registration', {
    sessionApi: { register: async () => left({ kind: 'status', status: 400, message: said }) },
  })
  const u = userEvent.setup()
  await u.type(screen.getByRole('textbox', { name: 'Username' }), 'x')
  await u.type(screen.getByRole('textbox', { name: 'Email' }), 'x@example.com')
  await u.type(screen.getByLabelText('Password'), 'pw')
  await u.type(screen.getByLabelText('Confirm password'), 'pw')
  await u.click(screen.getByRole('button', { name: 'Create account' }))
  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent('Name can only contain alphanumeric characters, dashes and periods')
  expect(alert).not.toHaveTextContent('Invalid request')
})

describe('invitation', () => {
  it('checks the token of the query, then accepts the invitation', async () => {
    const accepted: unknown[] = []
    const h = renderSession('/login/invitation?token=tok-1', {
      sessionApi: {
        invitation: async (token) =>
          token === 'tok-1'
            ? right({ email: 'inv@example.com' })
            : left({ kind: 'status', status: 404, message: 'x' }),
        acceptInvitation: async (input) => {
          accepted.push(input)
          return right(user({ name: input.user }))
        },
      },
    })
    expect(screen.getByRole('status')).toHaveTextContent('Checking the invitation')
    expect(await screen.findByText(/You were invited as inv@example.com/)).toBeInTheDocument()
    const u = userEvent.setup()
    await u.type(screen.getByRole('textbox', { name: 'Username' }), 'invitee')
    await u.type(screen.getByLabelText('Password'), 'pw')
    await u.type(screen.getByLabelText('Confirm password'), 'pw')
    await u.click(screen.getByRole('button', { name: 'Accept invitation' }))
    await waitFor(() => expect(h.app.getState().session.status).toBe('signedIn'))
    expect(accepted).toEqual([{ token: 'tok-1', user: 'invitee', password: 'pw' }])
    expect(h.app.exportLog()).not.toContain('tok-1')
  })

  it('an unknown token is refused and the user is signed out to login', async () => {
    const h = renderSession('/login/invitation?token=nope', {
      sessionApi: {
        invitation: async () => left({ kind: 'status', status: 404, message: 'Unknown invitation' }),
      },
    })
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown invitation')
    await waitFor(() => expect(h.types()).toContain('session/SignedOut'))
  })
})

describe('CLI login', () => {
  it('keeps the client values of the query in session storage (not in the log) and moves to CLI registration', async () => {
    const h = renderSession('/plugs/extension/cli?jfClientSession=sess-1&jfClientName=jf&jfClientCode=c0de')
    await waitFor(() => expect(navigated(h)).toEqual(['/login/cli-registration']))
    expect(h.ports.sessionStore.get(CLI_KEYS.session)).toBe('sess-1')
    expect(h.ports.sessionStore.get(CLI_KEYS.name)).toBe('jf')
    expect(h.ports.sessionStore.get(CLI_KEYS.code)).toBe('c0de')
    expect(h.app.exportLog()).not.toContain('sess-1')
    expect(h.app.getState().session.cli).toMatchObject({ stored: true, clientName: 'jf' })
  })

  it('a signed-in user allows the CLI session', async () => {
    const posted: unknown[] = []
    const h = renderSession('/login/cli-registration', {
      seed: [
        loginData(),
        S.SignedIn({ user: user(), via: 'password' }),
        S.CliSessionRestored({ stored: true, clientName: 'jf' }),
      ],
      ports: {},
      sessionApi: {
        registerCliSession: async (input) => {
          posted.push(input)
          return right({ code: 'xyz' })
        },
      },
    })
    h.ports.sessionStore.set(CLI_KEYS.session, 'sess-9')
    h.ports.sessionStore.set(CLI_KEYS.name, 'jf')
    h.ports.sessionStore.set(CLI_KEYS.code, 'c0de')
    expect(screen.getByText('Allow jf to sign in as developer?')).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Allow' }))
    expect(await screen.findByRole('status')).toHaveTextContent('The CLI is signed in')
    // The CLI posts its own code back for its token: the approval carries that code.
    expect(posted).toEqual([{ session: 'sess-9', clientName: 'jf', code: 'c0de' }])
    expect(h.ports.sessionStore.get(CLI_KEYS.session)).toBeNull()
    expect(h.ports.sessionStore.get(CLI_KEYS.code)).toBeNull()
  })

  it('an anonymous user is asked to log in first, and comes back after', async () => {
    const h = renderSession('/login/cli-registration', {
      seed: [loginData(), S.CliSessionRestored({ stored: true, clientName: 'jf' })],
    })
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }))
    expect(navigated(h)).toEqual(['/login'])
    expect(h.app.getState().session.savedPath).toMatchObject({ pathAfterLogin: '/ui/login/cli-registration' })
  })

  it('without a waiting CLI login it says so', () => {
    renderSession('/login/cli-registration')
    expect(screen.getByRole('alert')).toHaveTextContent('No CLI login is waiting')
  })

  // The page had no way back: only the browser's Back button left it.
  it('has a way back in every state: to the login, or to the console once signed in', async () => {
    const nobody = renderSession('/login/cli-registration')
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to login' }))
    expect(navigated(nobody)).toEqual(['/login'])
    cleanup()

    renderSession('/login/cli-registration', {
      seed: [loginData(), S.CliSessionRestored({ stored: true, clientName: 'jf' })],
    })
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/ui/login')
    cleanup()

    const signedIn = renderSession('/login/cli-registration', {
      seed: [
        loginData(),
        S.SignedIn({ user: user(), via: 'password' }),
        S.CliSessionRestored({ stored: true, clientName: 'jf' }),
      ],
    })
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to the console' }))
    expect(navigated(signedIn)).toEqual(['/'])
  })
})

describe('SSO login and redirects', () => {
  it('sso/:type leaves for the matching provider', async () => {
    const h = renderSession('/login/sso/saml', {
      seed: [loginData({ ssoProviderLinksSAML: [{ name: 'SAML SSO', url: 'https://idp.example/saml' }] })],
    })
    expect(screen.getByRole('status')).toHaveTextContent('Redirecting to your sign-in provider')
    await waitFor(() => expect(h.ports.visited).toContain('https://idp.example/saml'))
  })

  it('sso/crowd signs in with what the browser carries and goes on as any login does', async () => {
    const asked: string[] = []
    const h = renderSession('/login/sso/crowd', {
      sessionApi: {
        ssoLogin: async (kind) => {
          asked.push(kind)
          return right(user({ name: 'alice.crowd', realm: 'crowd' }))
        },
      },
    })
    expect(screen.getByRole('status')).toHaveTextContent('Signing you in with your Crowd session')
    await waitFor(() => expect(h.app.getState().session.status).toBe('signedIn'))
    expect(h.app.getState().session.user?.name).toBe('alice.crowd')
    expect(asked).toEqual(['crowd'])
    await waitFor(() => expect(h.types()).toContain('session/RedirectedAfterLogin'))
  })

  it('sso/http that signs nobody in returns to the login page, which says why', async () => {
    const h = renderSession('/login/sso/http', {
      sessionApi: {
        ssoLogin: async () => left(statusFailure(401, 'The proxy named nobody', 'no_identity')),
      },
    })
    expect(screen.getByRole('status')).toHaveTextContent('Signing you in through your sign-on proxy')
    await waitFor(() =>
      expect(h.app.getState().navigation.location).toEqual({
        path: '/login',
        query: '?ssoError=no_identity',
      }),
    )
    expect(h.app.getState().session.status).toBe('anonymous')
    // The login page that address opens.
    cleanup()
    renderSession('/login?ssoError=no_identity')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No single sign-on session came with your browser: sign in to your identity provider first, or sign in here.',
    )
  })

  it('an unknown provider type says so', () => {
    renderSession('/login/sso/kerberos')
    expect(screen.getByRole('alert')).toHaveTextContent('This sign-in method is not available')
  })

  it('/logout signs out and pauses refreshes', async () => {
    const h = renderSession('/logout', { seed: [loginData(), S.SignedIn({ user: user(), via: 'password' })] })
    expect(screen.getByRole('status')).toHaveTextContent('Logging out')
    await waitFor(() => expect(h.types()).toContain('session/SignedOut'))
    expect(h.dispatched).toContainEqual({ type: 'session/SignOut', reason: 'logout' })
    expect(h.app.getState().session.user).toBeNull()
    expect(h.app.getState().session.refreshesPaused).toBe(true)
  })

  it('the profile shows the signed-in user', () => {
    renderSession('/user_profile', {
      seed: [
        loginData(),
        S.SignedIn({ user: user({ email: 'dev@example.com', admin: true }), via: 'password' }),
      ],
    })
    expect(screen.getByText('dev@example.com')).toBeInTheDocument()
    expect(screen.getByText('Administrator')).toBeInTheDocument()
  })
})
