// /user_profile: unlock with the password, change email and password, the API key shown once;
// clear messages for a wrong password and the rate limit; what the user typed is kept on errors.
import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { left, right } from 'fp-ts/Either'
import * as S from '../../domain/session'
import type { SessionApi } from '../../adapters/ports'
import { TOO_MANY_ATTEMPTS, WRONG_PASSWORD } from '../../ui/session/ProfileScreen'
import { renderSession } from './sessionHarness'
import { formActionsClass } from '../../ui/shared/kit/Field'
import { buttonClass } from '../../ui/shared/kit/Button'
import kit from '../../ui/shared/kit/page.module.css'
import { loginData } from '../support/fixtures'
import { user } from '../support/fixtures'

const me = user({ email: 'dev@example.org' })
const wrong = { kind: 'status', status: 401, message: 'Wrong password', code: 'BAD_CREDENTIALS' } as const
const limited = { kind: 'status', status: 429, message: 'Too many requests' } as const

function open(api: Partial<SessionApi>, who = me) {
  return renderSession('/user_profile', {
    seed: [loginData(), S.UserDataLoaded({ user: who })],
    sessionApi: { current: async () => right(who), ...api },
  })
}

async function unlock(u: ReturnType<typeof userEvent.setup>, password = 'Current-pw-1') {
  await u.type(screen.getByLabelText('Current password'), password)
  await u.click(screen.getByRole('button', { name: 'Unlock' }))
}

describe('profile page', () => {
  it('is a page of the console: its title, then the account, profile, API key and tokens each in a titled card', async () => {
    open({})
    expect(await screen.findByRole('heading', { level: 1, name: 'User profile' })).toBeInTheDocument()
    // The tokens' card comes with its own chunk.
    await screen.findByRole('heading', { level: 2, name: 'Access tokens' })
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Account',
      'Profile',
      'API key',
      'Access tokens',
    ])
  })

  it("lays its cards out as the kit's cards (a third card takes the row where two fit, no hole at 1024 px)", async () => {
    open({})
    const account = (await screen.findByRole('heading', { level: 2, name: 'Account' })).closest('section')!
    expect(account.parentElement).toHaveClass(String(kit.cards))
  })

  it("puts the forms' buttons in the kit's row of actions at the form's end, as in other forms", async () => {
    open({})
    expect((await screen.findByRole('button', { name: 'Unlock' })).parentElement).toHaveClass(
      String(formActionsClass),
    )
    expect(screen.getByRole('button', { name: 'Show API key' }).parentElement).toHaveClass(
      String(formActionsClass),
    )
  })
})

describe('profile unlock', () => {
  it('asks for the password; a wrong one and the rate limit say so and keep what was typed', async () => {
    const answers = [left(wrong), left(limited), right({ unlockedUntil: '2026-01-01T00:10:00.000Z' })]
    const passwords: string[] = []
    const h = open({
      unlockProfile: async (password) => {
        passwords.push(password)
        return answers.shift() ?? left(wrong)
      },
    })
    const u = userEvent.setup()
    expect(screen.getByRole('form', { name: 'Unlock profile' })).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Edit profile' })).not.toBeInTheDocument()

    await u.click(screen.getByRole('button', { name: 'Unlock' }))
    expect(screen.getByText('This field is mandatory')).toBeInTheDocument()
    expect(passwords).toEqual([])

    await unlock(u, 'Wrong-pw')
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG_PASSWORD)
    expect(screen.getByLabelText('Current password')).toHaveValue('Wrong-pw')

    await u.click(screen.getByRole('button', { name: 'Unlock' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(TOO_MANY_ATTEMPTS))

    await u.clear(screen.getByLabelText('Current password'))
    await unlock(u)
    expect(await screen.findByRole('form', { name: 'Edit profile' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('dev@example.org')
    expect(passwords).toEqual(['Wrong-pw', 'Wrong-pw', 'Current-pw-1'])
    // Passwords travel only as vault references.
    expect(h.app.exportLog()).not.toContain('Current-pw-1')
    expect(h.app.exportLog()).not.toContain('Wrong-pw')
  })

  it('a profile managed elsewhere (no password, not updatable) is read-only', () => {
    open({}, user({ realm: 'saml', requireProfilePassword: false, profileUpdatable: false }))
    expect(screen.getByRole('note')).toHaveTextContent('cannot be changed here')
    expect(screen.queryByRole('form', { name: 'Unlock profile' })).not.toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Show API key' })).not.toBeInTheDocument()
  })
})

describe('profile changes', () => {
  it('changes the email, then the password; refused input stays on the screen', async () => {
    const changes: unknown[] = []
    const answers: Array<ReturnType<typeof left> | ReturnType<typeof right>> = []
    const h = open({
      unlockProfile: async () => right({ unlockedUntil: '2026-01-01T00:10:00.000Z' }),
      updateProfile: async (c) => {
        changes.push(c)
        const next = answers.shift()
        if (next) return next as never
        return right(user({ email: c.email ?? 'new@example.org' }))
      },
    })
    const u = userEvent.setup()
    await unlock(u)
    const email = await screen.findByRole('textbox', { name: 'Email' })

    // The server refuses: the message shows and the typed address stays.
    answers.push(
      left({ kind: 'status', status: 400, message: 'Invalid request: email: Enter a valid email address' }),
    )
    await u.clear(email)
    await u.type(email, 'bad@address')
    await u.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a valid email address')
    expect(email).toHaveValue('bad@address')

    await u.clear(email)
    await u.type(email, 'new@example.org')
    await u.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Your profile was saved.')).toBeInTheDocument()
    expect(screen.getByText('new@example.org', { selector: 'dd' })).toBeInTheDocument()
    expect(h.app.getState().session.user?.email).toBe('new@example.org')

    // Passwords must match before anything is sent.
    await u.type(screen.getByLabelText('New password'), 'Brand-new-pw-2')
    await u.type(screen.getByLabelText('Confirm new password'), 'Brand-new-pw-3')
    await u.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument()
    expect(changes).toHaveLength(2)

    await u.clear(screen.getByLabelText('Confirm new password'))
    await u.type(screen.getByLabelText('Confirm new password'), 'Brand-new-pw-2')
    await u.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(changes).toHaveLength(3))
    expect(changes).toEqual([
      { email: 'bad@address' },
      { email: 'new@example.org' },
      { password: 'Brand-new-pw-2' },
    ])
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveValue(''))
    expect(h.app.exportLog()).not.toContain('Brand-new-pw-2')
  })

  it('an unlock that ran out asks for the password again', async () => {
    open({
      unlockProfile: async () => right({ unlockedUntil: '2026-01-01T00:10:00.000Z' }),
      updateProfile: async () =>
        left({
          kind: 'status',
          status: 403,
          message: 'Unlock the profile with your password first',
          code: 'PROFILE_LOCKED',
        }),
    })
    const u = userEvent.setup()
    await unlock(u)
    await u.click(await screen.findByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('form', { name: 'Unlock profile' })).toBeInTheDocument()
  })
})

describe('API key', () => {
  it('is shown once after re-authentication, never in the log or storage, and hidden on request', async () => {
    const KEY = 'AKCsecretApiKey0123456789'
    const calls: Array<[string, string]> = []
    const answers = [left(wrong), right(KEY)]
    const h = open({
      apiKey: async (name, password) => {
        calls.push([name, password])
        return answers.shift() ?? left(limited)
      },
    })
    const u = userEvent.setup()
    await u.type(screen.getByLabelText('Password for the API key'), 'Current-pw-1')
    await u.click(screen.getByRole('button', { name: 'Show API key' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG_PASSWORD)
    expect(screen.getByLabelText('Password for the API key')).toHaveValue('Current-pw-1')

    await u.click(screen.getByRole('button', { name: 'Show API key' }))
    expect(await screen.findByLabelText('Your API key')).toHaveTextContent(KEY)
    expect(calls).toEqual([
      ['developer', 'Current-pw-1'],
      ['developer', 'Current-pw-1'],
    ])
    const log = h.app.exportLog()
    expect(log).not.toContain(KEY)
    expect(log).not.toContain('Current-pw-1')
    expect(JSON.stringify(h.app.getState())).not.toContain(KEY)
    for (const store of [h.ports.localStore, h.ports.sessionStore] as const)
      for (const value of (store as unknown as { data: Map<string, string> }).data.values())
        expect(value).not.toContain(KEY)

    // The kit's secondary button, as elsewhere (it was the login family's own button style).
    const hide = screen.getByRole('button', { name: 'Hide API key' })
    expect(hide).toHaveClass(...buttonClass('secondary').split(' '))
    await u.click(hide)
    expect(screen.queryByText(KEY)).not.toBeInTheDocument()
    expect(screen.getByRole('form', { name: 'Show API key' })).toBeInTheDocument()
  })

  it('says when the rate limit is reached', async () => {
    open({ apiKey: async () => left(limited) })
    const u = userEvent.setup()
    await u.type(screen.getByLabelText('Password for the API key'), 'x')
    await u.click(screen.getByRole('button', { name: 'Show API key' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(TOO_MANY_ATTEMPTS)
  })
})
