// The contact-us dialog's states: disabled until valid, posting, sent (toast, closed), failed
// (message, form reset), the scheduling-link flow; and the admin page of contact requests.
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { left, right } from 'fp-ts/Either'
import { renderShell } from './shellFixtures'
import { notFaked } from '../support/fakePorts'
import type { ContactApi } from '../../adapters/ports'
import { navigationEffects } from '../../commands/effects/navigation'
import { contactEffects } from '../../commands/effects/contact'
import kitField from '../../ui/shared/kit/field.module.css'
import { notificationsEffects } from '../../commands/effects/notifications'

const trial = { footer: { flavour: 'cloud-trial', isCloud: true } } as const
const effects = { ...navigationEffects, ...notificationsEffects, ...contactEffects }

function deferred<A>() {
  let resolve!: (a: A) => void
  const promise = new Promise<A>((r) => (resolve = r))
  return { promise, resolve }
}

function open(send: ContactApi['sendContactRequest'], path = '/get_started?contactUsContext=trial') {
  const contactApi: ContactApi = { ...notFaked<ContactApi>(), sendContactRequest: send }
  return renderShell(path, trial, { contactApi }, effects)
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  helpOption = 'Contact sales',
) {
  await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Ada')
  await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Lovelace')
  await user.type(within(dialog).getByRole('textbox', { name: 'Country' }), 'United Kingdom')
  await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'ada@example.com')
  await user.click(within(dialog).getByRole('radio', { name: helpOption }))
}

describe('contact-us dialog', () => {
  it("labels its choices as it labels its fields: the kit's label and required mark", async () => {
    open(async () => right({ schedulingLink: null }))
    const dialog = await screen.findByRole('dialog', { name: 'Contact Us' }, { timeout: 10_000 })
    const field = within(dialog).getByText('First name')
    const group = within(dialog).getByText('How can we help?')
    expect(field).toHaveClass(kitField.label!)
    expect(group).toHaveClass(kitField.label!)
    expect(group).toHaveAttribute('data-required')
    expect(group).toHaveTextContent(/^How can we help\?$/)
  })

  it('keeps Submit disabled until the form holds, and says what is wrong', async () => {
    const user = userEvent.setup()
    open(async () => right({ schedulingLink: null }))
    const dialog = await screen.findByRole('dialog', { name: 'Contact Us' }, { timeout: 10_000 })
    const submit = within(dialog).getByRole('button', { name: 'Submit' })
    expect(submit).toBeDisabled()
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'ada@')
    await user.tab()
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Enter a valid email address',
    )
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveValue('ada@')
    await user.click(within(dialog).getByRole('textbox', { name: 'First name' }))
    await user.tab()
    expect(within(dialog).getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription(
      'This field is mandatory',
    )
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'example.com')
    await fill(user, dialog)
    // The email now reads ada@example.comada@example.com: still not an address.
    expect(submit).toBeDisabled()
    await user.clear(within(dialog).getByRole('textbox', { name: 'Email' }))
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'ada@example.com')
    expect(submit).toBeEnabled()
  })

  it('posts, then thanks in a toast, closes and clears the query', async () => {
    const user = userEvent.setup()
    const answer = deferred<Awaited<ReturnType<ContactApi['sendContactRequest']>>>()
    const sent: unknown[] = []
    const { app } = open((r) => {
      sent.push(r)
      return answer.promise
    })
    const dialog = await screen.findByRole('dialog', { name: 'Contact Us' }, { timeout: 10_000 })
    await fill(user, dialog)
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Comment (optional)' }),
      'Pricing for 50 seats',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }))
    expect(await within(dialog).findByRole('button', { name: 'Sending…' })).toHaveAttribute(
      'aria-busy',
      'true',
    )
    expect(sent).toEqual([
      expect.objectContaining({
        firstName: 'Ada',
        helpOption: 'Contact sales',
        optionalComment: 'Pricing for 50 seats',
        LeadSource: 'Product Form',
        MRK_FormType__c: 'Contact Sales',
      }),
    ])
    answer.resolve(right({ schedulingLink: null }))
    expect(
      await screen.findByText('Thank you for your request. We will be in touch via email soon.'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('dialog', { name: 'Contact Us' })).not.toBeInTheDocument()
    expect(app.getState().navigation.location).toEqual({ path: '/get_started', query: '' })
  })

  it('says a failed request failed and resets the form', async () => {
    const user = userEvent.setup()
    open(async () => left({ kind: 'network', message: 'offline' }))
    const dialog = await screen.findByRole('dialog', { name: 'Contact Us' }, { timeout: 10_000 })
    await fill(user, dialog)
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'There was an issue with your request. Please try to submit your request again',
    )
    expect(within(dialog).getByRole('textbox', { name: 'First name' })).toHaveValue('')
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeDisabled()
  })

  it('shows the scheduling link of a demo request instead of a toast', async () => {
    const user = userEvent.setup()
    open(async () => right({ schedulingLink: '/ui/api/v1/marketing/contact/7/schedule' }))
    const dialog = await screen.findByRole('dialog', { name: 'Contact Us' }, { timeout: 10_000 })
    await fill(user, dialog, 'Request a demo')
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }))
    const link = await within(dialog).findByRole('link', { name: 'Book a time for your demo' })
    expect(link).toHaveAttribute('href', '/ui/api/v1/marketing/contact/7/schedule')
    expect(screen.queryByRole('region', { name: /Notifications/ })).toBeNull()
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!)
    expect(screen.queryByRole('dialog', { name: 'Contact Us' })).not.toBeInTheDocument()
  })
})

describe('Administration → Contact Requests', () => {
  const record = {
    id: 3,
    firstName: 'Ada',
    lastName: 'Lovelace',
    country: 'United Kingdom',
    email: 'ada@example.com',
    helpOption: 'Contact sales' as const,
    optionalComment: 'Pricing',
    createdAt: '2026-01-01T00:00:00.000Z',
  }
  const admin = { user: { name: 'admin', admin: true } } as const

  it('lists the requests, and an empty list says so', async () => {
    let records = [record]
    const contactApi: ContactApi = {
      ...notFaked<ContactApi>(),
      contactRequests: async () => right(records),
    }
    const { view } = renderShell('/admin/marketing/contact_requests', admin, { contactApi }, effects)
    const table = await screen.findByRole('table', { name: 'Contact requests' }, { timeout: 10_000 })
    expect(await within(table).findByRole('cell', { name: 'Ada Lovelace' })).toBeInTheDocument()
    expect(within(table).getByRole('cell', { name: 'ada@example.com' })).toBeInTheDocument()
    expect(within(table).getByRole('cell', { name: 'Contact sales' })).toBeInTheDocument()
    records = []
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }))
    expect(await screen.findByText('No contact requests yet')).toBeInTheDocument()
    view.unmount()
  })

  it('says a failed load failed and retries', async () => {
    let fail = true
    const contactApi: ContactApi = {
      ...notFaked<ContactApi>(),
      contactRequests: async () => (fail ? left({ kind: 'timeout', message: 'slow' }) : right([record])),
    }
    renderShell('/admin/marketing/contact_requests', admin, { contactApi }, effects)
    expect(
      await screen.findByText(
        'The contact requests could not be loaded: the platform did not answer in time.',
      ),
    ).toBeInTheDocument()
    fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('cell', { name: 'Ada Lovelace' })).toBeInTheDocument()
  })
})
