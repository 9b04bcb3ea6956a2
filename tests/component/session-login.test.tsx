import { describe, expect, it } from 'vitest'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { left, right } from 'fp-ts/Either'
import * as S from '../../domain/session/events'
import * as P from '../../domain/platform/events'
import { navigated, renderSession } from './sessionHarness'
import { loginData } from '../support/fixtures'
import { user } from '../support/fixtures'
import { LOGIN_DIALOG_DISMISSED_KEY } from '../../commands/effects/session'
import { messageText } from '../../ui/shared/messages'
import { AuthorizationPage } from '../../ui/errors/StatusPages'

describe('login screen', () => {
  it('shows the form in skeleton, no "Loading…" line, while start-up fetches the login data', () => {
    renderSession('/login', { seed: [P.StartRequested({ reason: 'boot', onPremMetricsSent: false })] })
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument()
    const status = screen.getByRole('status', { name: 'Loading' })
    // Two fields (a label and a box each) and the button.
    expect(status.querySelectorAll('[data-skeleton]')).toHaveLength(5)
    expect(screen.queryByText(/Loading/)).toBeNull()
  })

  it('says log in one way: the heading as the button (it was headed Login over Log in)', () => {
    renderSession('/login')
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Log in$/)
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument()
  })

  it('asks for both fields, keeping what was typed', async () => {
    renderSession('/login')
    const u = userEvent.setup()
    await u.type(screen.getByRole('textbox', { name: 'Username' }), 'admin')
    await u.click(screen.getByRole('button', { name: 'Log in' }))
    expect(screen.getByText('This field is mandatory')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('admin')
  })

  it('signs in with remember-me; the password reaches the API but never the log', async () => {
    const calls: Array<{ user: string; password: string; rememberMe: boolean }> = []
    const h = renderSession('/login', {
      sessionApi: {
        login: async (input) => {
          calls.push(input)
          return right(user({ name: input.user }))
        },
      },
    })
    const u = userEvent.setup()
    await u.type(screen.getByRole('textbox', { name: 'Username' }), 'admin')
    await u.type(screen.getByLabelText('Password'), 'Sup3r-secret!')
    await u.click(screen.getByRole('checkbox', { name: 'Remember me' }))
    await u.click(screen.getByRole('button', { name: 'Log in' }))
    await waitFor(() => expect(h.app.getState().session.status).toBe('signedIn'))
    expect(calls).toEqual([{ user: 'admin', password: 'Sup3r-secret!', rememberMe: true }])
    expect(h.app.exportLog()).not.toContain('Sup3r-secret!')
    expect(h.types()).toContain('session/RedirectedAfterLogin')
  })

  it('Enter in the password field signs in; the messages go once both fields hold', async () => {
    const calls: Array<{ user: string; rememberMe: boolean }> = []
    const h = renderSession('/login', {
      sessionApi: {
        login: async (input) => {
          calls.push({ user: input.user, rememberMe: input.rememberMe })
          return right(user({ name: input.user }))
        },
      },
    })
    const u = userEvent.setup()
    await u.type(screen.getByLabelText('Password'), '{Enter}')
    expect(screen.getAllByText('This field is mandatory')).toHaveLength(2)
    expect(calls).toEqual([])
    await u.type(screen.getByRole('textbox', { name: 'Username' }), 'admin')
    expect(screen.getAllByText('This field is mandatory')).toHaveLength(1)
    await u.type(screen.getByLabelText('Password'), 'pw{Enter}')
    await waitFor(() => expect(h.app.getState().session.status).toBe('signedIn'))
    expect(screen.queryByText('This field is mandatory')).toBeNull()
    expect(calls).toEqual([{ user: 'admin', rememberMe: false }])
  })

  it('shows the server message on failure and keeps the inputs', async () => {
    renderSession('/login', {
      sessionApi: {
        login: async () =>
          left({ kind: 'status', status: 401, message: 'Bad credentials', code: 'BAD_CREDENTIALS' }),
      },
    })
    const u = userEvent.setup()
    await u.type(screen.getByRole('textbox', { name: 'Username' }), 'admin')
    await u.type(screen.getByLabelText('Password'), 'wrong')
    await u.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Bad credentials')
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('admin')
    expect(screen.getByLabelText('Password')).toHaveValue('wrong')
  })

  it('an earlier wrong password is not shown beside the problems of a new submit, nor once a field is edited', async () => {
    renderSession('/login', {
      sessionApi: {
        login: async () =>
          left({
            kind: 'status',
            status: 401,
            message: 'Wrong username or password',
            code: 'BAD_CREDENTIALS',
          }),
      },
    })
    const u = userEvent.setup()
    const name = screen.getByRole('textbox', { name: 'Username' })
    const password = screen.getByLabelText('Password')
    const logIn = screen.getByRole('button', { name: 'Log in' })
    await u.type(name, 'admin')
    await u.type(password, 'wrong')
    await u.click(logIn)
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password')
    // The user empties the form and submits it: only what is wrong now is said.
    await u.clear(name)
    await u.clear(password)
    await u.click(logIn)
    expect(screen.getAllByText('This field is mandatory')).toHaveLength(2)
    expect(screen.queryByRole('alert')).toBeNull()
    // A second failure, then one edit: the failure was the earlier attempt's.
    await u.type(name, 'admin')
    await u.type(password, 'wrong')
    await u.click(logIn)
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password')
    await u.type(password, '!')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(password).toHaveValue('wrong!')
  })

  it('a failure kept from an earlier visit to the page goes with the next submit', async () => {
    const h = renderSession('/login', {
      seed: [
        loginData(),
        S.SignInFailed({
          user: 'admin',
          failure: { kind: 'status', status: 401, message: 'Wrong username or password' },
        }),
      ],
    })
    expect(screen.getByRole('alert')).toHaveTextContent('Wrong username or password')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }))
    expect(screen.getAllByText('This field is mandatory')).toHaveLength(2)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(h.types()).toContain('session/SignInFailureDismissed')
  })

  it('asks for the password again when the page no longer holds it, keeping the inputs', async () => {
    let calls = 0
    renderSession('/login', {
      sessionApi: {
        login: async (input) => {
          calls++
          return right(user({ name: input.user }))
        },
      },
      // A vault that lost what it held, as after a reload or a second submit.
      ports: { secrets: { put: () => 'secret-1', take: () => undefined } },
    })
    const u = userEvent.setup()
    await u.type(screen.getByRole('textbox', { name: 'Username' }), 'admin')
    await u.type(screen.getByLabelText('Password'), 'typed')
    await u.click(screen.getByRole('button', { name: 'Log in' }))
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'The password is no longer available; please type it again.',
      ),
    )
    expect(calls).toBe(0)
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('admin')
    expect(screen.getByLabelText('Password')).toHaveValue('typed')
  })

  it('says why when a page was asked for, in the words of the 403 page and the toasts', () => {
    renderSession('/login?error=notAuthorized')
    const words = messageText({ key: 'notAuthorized' })
    expect(words).toBe('You are not authorized to view this page')
    expect(screen.getByRole('alert')).toHaveTextContent(new RegExp(`^${words}$`))
    cleanup()
    render(<AuthorizationPage />)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(new RegExp(`^${words}$`))
  })

  it('an expired password goes to change password with the user name', async () => {
    const h = renderSession('/login', {
      sessionApi: {
        login: async () =>
          left({ kind: 'status', status: 403, message: 'expired', code: 'PASSWORD_EXPIRED' }),
      },
    })
    const events: string[] = []
    h.app.events$.subscribe((e) => events.push(e.event.type))
    const u = userEvent.setup()
    await u.type(screen.getByRole('textbox', { name: 'Username' }), 'old')
    await u.type(screen.getByLabelText('Password'), 'pw')
    await u.click(screen.getByRole('button', { name: 'Log in' }))
    await waitFor(() => expect(events).toContain('session/SignInFailed'))
    expect(h.app.getState().session.forms.signIn).toMatchObject({
      status: 'failed',
      failure: { code: 'PASSWORD_EXPIRED' },
    })
    // The policy (unit-tested for its target) asked navigation to move: handled or, before the
    // navigation area exists, recorded as a rejection, but always from the policy.
    const policyLines = h.app
      .exportLog()
      .split('\n')
      .filter((l) => l.includes('"source":"policy"'))
    expect(policyLines.some((l) => l.includes('navigation'))).toBe(true)
  })

  it('password autocomplete follows the platform setting; remember-me only when allowed', () => {
    renderSession('/login', {
      seed: [loginData({ passwordAutocompleteEnabled: false, rememberMeEnabled: false })],
    })
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'off')
    expect(screen.queryByRole('checkbox', { name: 'Remember me' })).toBeNull()
  })

  it('lists SAML and OAuth providers with icons and leaves for the chosen one', async () => {
    const h = renderSession('/login', {
      seed: [
        loginData({
          ssoProviderLinksSAML: [{ name: 'SAML SSO', url: 'https://idp.example/saml' }],
          oauthProviders: [
            { name: 'GitHub', type: 'GitHub', url: 'https://gh.example/oauth', icon: 'github' },
          ],
        }),
      ],
    })
    const sso = screen.getByRole('navigation', { name: 'Single sign-on' })
    expect(within(sso).getByRole('button', { name: 'Sign in with SAML SSO' })).toBeInTheDocument()
    const github = within(sso).getByRole('button', { name: 'Sign in with GitHub' })
    expect(within(github).getByTestId('icon-github')).toBeInTheDocument()
    await userEvent.setup().click(github)
    expect(h.ports.visited).toContain('https://gh.example/oauth')
  })

  it('external view mode puts the providers first and the form behind a button; hidden providers are not shown', async () => {
    renderSession('/login', {
      seed: [
        loginData({
          loginViewMode: { mode: 'external', isProvidersHidden: false },
          ssoProviderLinksSAML: [{ name: 'Corp SSO', url: 'https://idp.example/saml' }],
        }),
      ],
    })
    expect(screen.getByRole('button', { name: 'Sign in with Corp SSO' })).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Username' })).toBeNull()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in with username and password' }))
    expect(screen.getByRole('textbox', { name: 'Username' })).toBeInTheDocument()
  })

  it('?local=true shows the local form at once even in the SSO-only view', () => {
    renderSession('/login?local=true', {
      seed: [
        loginData({
          loginViewMode: { mode: 'external', isProvidersHidden: false },
          ssoProviderLinksSAML: [{ name: 'Corp SSO', url: 'https://idp.example/saml' }],
        }),
      ],
    })
    expect(screen.getByRole('textbox', { name: 'Username' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Sign in with Corp SSO' })).toBeInTheDocument()
  })

  it("explains an identity provider's error by its code", async () => {
    renderSession('/login?ssoError=denied')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign-in was cancelled at the identity provider.',
    )
  })

  it("never echoes an unknown provider error's query text", async () => {
    renderSession(`/login?ssoError=${encodeURIComponent('<img src=x onerror=alert(1)>')}`)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "The identity provider's answer could not be verified. Please try again.",
    )
    expect(document.querySelector('img')).toBeNull()
  })

  it('hides the providers when the platform says so', () => {
    renderSession('/login', {
      seed: [
        loginData({
          loginViewMode: { mode: 'internal', isProvidersHidden: true },
          ssoProviderLinksSAML: [{ name: 'Corp SSO', url: 'https://idp.example/saml' }],
        }),
      ],
    })
    expect(screen.queryByRole('button', { name: 'Sign in with Corp SSO' })).toBeNull()
  })

  it('shows the login dialog; closing it remembers the dismissal', async () => {
    const h = renderSession('/login', {
      seed: [loginData({ loginDialogSettingsContent: { content: 'Authorised use only', permanent: false } })],
    })
    const dialog = await screen.findByRole('dialog', { name: 'Notice' })
    expect(dialog).toHaveTextContent('Authorised use only')
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'I understand' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(h.app.getState().session.loginDialogDismissed).toBe(true)
    expect(h.ports.localStore.get(LOGIN_DIALOG_DISMISSED_KEY)).toBe('true')
  })

  it('a dismissed, non-permanent dialog is suppressed', () => {
    renderSession('/login', {
      seed: [
        S.LoginDialogDismissalRestored({ dismissed: true }),
        loginData({ loginDialogSettingsContent: { content: 'Authorised use only', permanent: false } }),
      ],
    })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('links to forgot password only when the platform offers it', async () => {
    const h = renderSession('/login')
    await userEvent.setup().click(screen.getByRole('link', { name: 'Forgot password?' }))
    expect(navigated(h)).toEqual(['/login/forgot-password'])
    act(() => undefined)
  })

  it('offers Create an account only where registration is enabled', async () => {
    renderSession('/login')
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull()
    cleanup()
    const h = renderSession('/login', { seed: [loginData({ registrationEnabled: true })] })
    await userEvent.setup().click(screen.getByRole('link', { name: 'Create an account' }))
    expect(navigated(h)).toEqual(['/login/registration'])
  })

  it('passes a redirectTo target from the query with the login', async () => {
    const h = renderSession('/login?redirectTo=%2Fui%2Fsearch', {
      sessionApi: { login: async (input) => right(user({ name: input.user })) },
    })
    const u = userEvent.setup()
    await u.type(screen.getByRole('textbox', { name: 'Username' }), 'a')
    await u.type(screen.getByLabelText('Password'), 'b')
    await u.click(screen.getByRole('button', { name: 'Log in' }))
    await waitFor(() => expect(h.types()).toContain('session/RedirectedAfterLogin'))
    expect(h.app.exportLog()).toContain('"target":"internal","path":"/search"')
  })
})
