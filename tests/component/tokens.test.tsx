// Access tokens: Edit Profile's (make one with a scope and an expiry, its value shown once, the
// list, revoke) and the admins' page (everyone's tokens, revoke, the longest lifetime).
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { left, right } from 'fp-ts/Either'
import { navigationEffects } from '../../commands/effects/navigation'
import { tokensEffects } from '../../commands/effects/tokens'
import { namedEffects } from '../../commands/effects/lazy'
import type { Result, TokensApi } from '../../adapters/ports'
import type { ClientToken, TokenList, TokenOwner, TokenRequest } from '../../domain/tokens'
import type { Failure } from '../../domain/shared/failure'
import { renderShell } from './shellFixtures'

const effects = namedEffects({ navigation: navigationEffects, tokens: tokensEffects })
const developer = { user: { name: 'dev' } } as const
const admin = { user: { name: 'admin', admin: true } } as const

const token = (id: string, over: Partial<ClientToken> = {}): ClientToken => ({
  id,
  user: 'dev',
  description: `job ${id}`,
  scope: { repositories: null, access: 'deploy' },
  createdAt: '2026-11-01T10:00:00.000Z',
  expiresAt: '2026-12-01T10:00:00.000Z',
  ...over,
})

/** A platform's tokens in memory: what it was asked, and the refusals to give first. */
function fakeTokens(initial: ClientToken[], limits = { defaultDays: 30, maxDays: 90 }) {
  const tokens = [...initial]
  let maxDays = limits.maxDays
  const asked: TokenRequest[] = []
  const revoked: Array<[TokenOwner, string]> = []
  const refusals: Failure[] = []
  const listFailures: Failure[] = []
  const list = (): TokenList => ({ tokens: [...tokens], defaultDays: limits.defaultDays, maxDays })
  const api: TokensApi = {
    list: async (): Promise<Result<TokenList>> => {
      const failure = listFailures.shift()
      return failure ? left(failure) : right(list())
    },
    create: async (request) => {
      asked.push(request)
      const failure = refusals.shift()
      if (failure) return left(failure)
      const made = token(`new${asked.length}`, {
        description: request.description,
        scope: { repositories: request.repositories, access: request.access },
      })
      tokens.push(made)
      return right({ token: made, secret: `secret-value-${asked.length}` })
    },
    revoke: async (owner, id) => {
      revoked.push([owner, id])
      const failure = refusals.shift()
      if (failure) return left(failure)
      tokens.splice(
        tokens.findIndex((t) => t.id === id),
        1,
      )
      return right(undefined)
    },
    setPolicy: async (days) => {
      const failure = refusals.shift()
      if (failure) return left(failure)
      maxDays = days
      return right(days)
    },
  }
  return { api, asked, revoked, refusals, listFailures, tokens }
}

const refused = (status: number, message: string): Failure => ({ kind: 'status', status, message })

async function openProfile(fake: ReturnType<typeof fakeTokens>) {
  renderShell('/user_profile', developer, { tokensApi: fake.api }, effects)
  // The form comes with the list's answer (it needs the lifetimes allowed).
  await screen.findByRole('form', { name: 'New access token' }, { timeout: 45_000 })
  return screen.getByRole('table', { name: 'My access tokens' })
}

// The first test of a file loads the shell's chunks: on a loaded machine that takes a while.
describe('Edit Profile: access tokens', { timeout: 60_000 }, () => {
  it('lists the live tokens with their repositories, access and dates', async () => {
    const fake = fakeTokens([
      token('a1', { scope: { repositories: ['npm-local', 'generic-local'], access: 'read' } }),
      token('b2'),
    ])
    const table = await openProfile(fake)
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['job a1', 'job b2'])
    expect(within(rows[0]!).getByText('npm-local, generic-local')).toBeInTheDocument()
    expect(within(rows[0]!).getByText('Read')).toBeInTheDocument()
    expect(within(rows[1]!).getByText('All repositories')).toBeInTheDocument()
    expect(within(rows[1]!).getByText('Read and deploy')).toBeInTheDocument()
  })

  it('says when there are none', async () => {
    await openProfile(fakeTokens([]))
    expect(screen.getByText('You have no access tokens')).toBeInTheDocument()
  })

  it('makes a token with the chosen scope and expiry, shows its value once, then lists it', async () => {
    const fake = fakeTokens([])
    await openProfile(fake)
    const u = userEvent.setup()
    const form = screen.getByRole('form', { name: 'New access token' })
    await u.type(within(form).getByRole('textbox', { name: 'Description' }), 'CI publish')
    const days = within(form).getByRole('textbox', { name: 'Expires in (days)' })
    expect(days).toHaveValue('30')
    await u.clear(days)
    await u.type(days, '7')
    await u.click(within(form).getByRole('radio', { name: 'Only these repositories' }))
    await u.type(within(form).getByRole('textbox', { name: 'Repository keys' }), 'npm-local, generic-local')
    await u.click(within(form).getByRole('radio', { name: 'Read (download, install)' }))
    await u.click(within(form).getByRole('button', { name: 'Create token' }))

    const made = await screen.findByRole('region', { name: 'New token' })
    expect(fake.asked).toEqual([
      {
        description: 'CI publish',
        expiresInDays: 7,
        repositories: ['npm-local', 'generic-local'],
        access: 'read',
      },
    ])
    expect(within(made).getByText('secret-value-1')).toBeInTheDocument()
    expect(within(made).getByText('Copy it now: it is not shown again.')).toBeInTheDocument()
    const row = within(screen.getByRole('table', { name: 'My access tokens' })).getByRole('row', {
      name: /CI publish/,
    })
    expect(within(row).getByText('npm-local, generic-local')).toBeInTheDocument()
    // The form starts again for the next token.
    expect(within(form).getByRole('textbox', { name: 'Description' })).toHaveValue('')

    await u.click(within(made).getByRole('button', { name: 'Done' }))
    expect(screen.queryByRole('region', { name: 'New token' })).not.toBeInTheDocument()
    expect(screen.queryByText('secret-value-1')).not.toBeInTheDocument()
  })

  it('keeps the value out of the log and the state: they name it by reference', async () => {
    const fake = fakeTokens([])
    const { app } = renderShell('/user_profile', developer, { tokensApi: fake.api }, effects)
    const u = userEvent.setup()
    const form = await screen.findByRole('form', { name: 'New access token' }, { timeout: 45_000 })
    await u.click(within(form).getByRole('button', { name: 'Create token' }))
    await screen.findByText('secret-value-1')
    expect(app.exportLog()).toContain('tokens/Created')
    expect(app.exportLog()).not.toContain('secret-value-1')
    expect(JSON.stringify(app.getState())).not.toContain('secret-value-1')
  })

  it('refuses a lifetime beyond the maximum or no repository, says why and sends nothing', async () => {
    const fake = fakeTokens([])
    await openProfile(fake)
    const u = userEvent.setup()
    const form = screen.getByRole('form', { name: 'New access token' })
    const days = within(form).getByRole('textbox', { name: 'Expires in (days)' })
    await u.clear(days)
    await u.type(days, '400')
    await u.click(within(form).getByRole('radio', { name: 'Only these repositories' }))
    await u.click(within(form).getByRole('button', { name: 'Create token' }))
    expect(within(form).getByText('Enter a whole number of days from 1 to 90')).toBeInTheDocument()
    expect(
      within(form).getByText('Name at least one repository, or choose all repositories'),
    ).toBeInTheDocument()
    expect(days).toHaveAccessibleDescription(/Enter a whole number of days from 1 to 90/)
    expect(fake.asked).toEqual([])
  })

  it("shows the platform's refusal and keeps what was typed", async () => {
    const fake = fakeTokens([])
    fake.refusals.push(refused(400, 'Invalid request: repositories: there is no repository nope'))
    await openProfile(fake)
    const u = userEvent.setup()
    const form = screen.getByRole('form', { name: 'New access token' })
    await u.type(within(form).getByRole('textbox', { name: 'Description' }), 'mine')
    await u.click(within(form).getByRole('radio', { name: 'Only these repositories' }))
    await u.type(within(form).getByRole('textbox', { name: 'Repository keys' }), 'nope')
    await u.click(within(form).getByRole('button', { name: 'Create token' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The token could not be made: there is no repository nope',
    )
    expect(within(form).getByRole('textbox', { name: 'Description' })).toHaveValue('mine')
    expect(within(form).getByRole('textbox', { name: 'Repository keys' })).toHaveValue('nope')
    expect(screen.queryByRole('region', { name: 'New token' })).not.toBeInTheDocument()
  })

  it('revokes a token after a confirmation', async () => {
    const fake = fakeTokens([token('a1'), token('b2')])
    const table = await openProfile(fake)
    const u = userEvent.setup()
    await u.click(within(table).getByRole('button', { name: 'Revoke job a1' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke this token?' })
    await u.click(within(dialog).getByRole('button', { name: 'Revoke' }))
    await waitFor(() => expect(within(table).queryByRole('row', { name: /job a1/ })).not.toBeInTheDocument())
    expect(fake.revoked).toEqual([['mine', 'a1']])
    expect(within(table).getByRole('row', { name: /job b2/ })).toBeInTheDocument()
  })

  it('says a refused revocation and keeps the token listed', async () => {
    const fake = fakeTokens([token('a1')])
    fake.refusals.push(refused(404, 'You have no such token'))
    const table = await openProfile(fake)
    const u = userEvent.setup()
    await u.click(within(table).getByRole('button', { name: 'Revoke job a1' }))
    await u.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke' }))
    expect(
      await screen.findByText(/The token “job a1” could not be revoked: You have no such token/),
    ).toBeInTheDocument()
    expect(within(table).getByRole('row', { name: /job a1/ })).toBeInTheDocument()
  })

  it('says a list that did not load, and Retry loads it', async () => {
    const fake = fakeTokens([token('a1')])
    fake.listFailures.push({ kind: 'network', message: 'offline' })
    renderShell('/user_profile', developer, { tokensApi: fake.api }, effects)
    const table = await screen.findByRole('table', { name: 'My access tokens' }, { timeout: 45_000 })
    await within(table).findByText('The tokens could not be loaded.')
    await userEvent.setup().click(within(table).getByRole('button', { name: 'Retry' }))
    expect(await within(table).findByRole('row', { name: /job a1/ })).toBeInTheDocument()
  })
})

describe("the admins' Access Tokens page", { timeout: 60_000 }, () => {
  async function openAdmin(fake: ReturnType<typeof fakeTokens>) {
    renderShell('/admin/management/access_tokens', admin, { tokensApi: fake.api }, effects)
    expect(
      await screen.findByRole('heading', { name: 'Access Tokens', level: 1 }, { timeout: 45_000 }),
    ).toBeInTheDocument()
    await screen.findByRole('form', { name: 'Token lifetime' })
    return screen.getByRole('table', { name: 'Access tokens' })
  }

  it("lists every user's tokens with their owner and revokes one", async () => {
    const fake = fakeTokens([token('a1', { user: 'alice' }), token('b2', { user: 'bob' })])
    const table = await openAdmin(fake)
    const row = await within(table).findByRole('row', { name: /job b2/ })
    expect(within(row).getByText('bob')).toBeInTheDocument()
    const u = userEvent.setup()
    await u.click(within(row).getByRole('button', { name: 'Revoke job b2' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke this token?' })
    expect(dialog).toHaveTextContent('(bob)')
    await u.click(within(dialog).getByRole('button', { name: 'Revoke' }))
    await waitFor(() => expect(within(table).queryByRole('row', { name: /job b2/ })).not.toBeInTheDocument())
    expect(fake.revoked).toEqual([['all', 'b2']])
  })

  it('sets the longest lifetime; a wrong number is refused before asking', async () => {
    const fake = fakeTokens([])
    await openAdmin(fake)
    const u = userEvent.setup()
    const form = screen.getByRole('form', { name: 'Token lifetime' })
    const field = within(form).getByRole('textbox', { name: 'Longest lifetime of a new token (days)' })
    expect(field).toHaveValue('90')
    await u.clear(field)
    await u.type(field, '0')
    await u.click(within(form).getByRole('button', { name: 'Save' }))
    expect(within(form).getByText('Enter a whole number of days from 1 to 3650')).toBeInTheDocument()
    await u.clear(field)
    await u.type(field, '14')
    await u.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'A new token may now live at most 14 days.',
    )
  })

  it("shows the platform's refusal of the lifetime and keeps the number", async () => {
    const fake = fakeTokens([])
    fake.refusals.push(refused(403, 'Admins only'))
    await openAdmin(fake)
    const u = userEvent.setup()
    const form = screen.getByRole('form', { name: 'Token lifetime' })
    const field = within(form).getByRole('textbox', { name: 'Longest lifetime of a new token (days)' })
    await u.clear(field)
    await u.type(field, '20')
    await u.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The lifetime was not saved: Admins only',
    )
    expect(field).toHaveValue('20')
  })
})
