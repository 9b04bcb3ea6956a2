// The contact-us form (spec 001 sections 2–4, 7, 8) as given/when/then lines, its policies and
// its effects on the real bus with fake ports.
import { describe, expect, it } from 'vitest'
import { left, right } from 'fp-ts/Either'
import type { AppEvent } from '../../domain/app'
import { contactArea as contactSlice } from '../../domain/contact/decider'
import { appSlice } from '../../domain/app'
import * as O from '../../domain/contact/events'
import {
  contactProblems,
  HELP_OPTIONS,
  INITIAL_CONTACT_FORM,
  LEAD_SOURCE,
  validateContactForm,
  withoutContactContext,
  type ContactForm,
} from '../../domain/contact'
import { ModalClosed, ModalOpened, Navigated } from '../../domain/navigation/events'
import * as S from '../../domain/session/events'
import { Shown } from '../../domain/notifications/events'
import { MESSAGE_DURATION_MS } from '../../domain/notifications'
import { hasContactUsContext } from '../../domain/navigation/pipeline'
import { carriedQuery } from '../../domain/search/model'
import { CONTACT_US_QUERY_KEY } from '../../domain/shared/queryKeys'
import type { ContactApi } from '../../adapters/ports'
import { createApp } from '../../composition/createApp'
import { contactEffects } from '../../commands/effects/contact'
import { fakePorts, notFaked } from '../support/fakePorts'
import { evolve, foldEvents, spec, specMeta } from '../support/decider'
import { user } from '../support/fixtures'

/** The area as the app runs it: its slice, its context from the state. */
const contactArea = appSlice(contactSlice)

const form: ContactForm = {
  firstName: ' Ada ',
  lastName: 'Lovelace',
  country: 'United Kingdom',
  email: 'ada@example.com',
  helpOption: 'Technical support',
  optionalComment: 'The npm remote is slow',
}
const request = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: 'United Kingdom',
  email: 'ada@example.com',
  helpOption: 'Technical support' as const,
  optionalComment: 'The npm remote is slow',
  LeadSource: 'Product Form',
  Lead_Source_Details__c: 'Product - Technical Support',
  MRK_FormType__c: 'Support Request',
}
const opened = ModalOpened({ modal: 'contactUs' })
const posted = O.ContactRequestPosted({ request })
const accepted = (schedulingLink: string | null = null) => O.ContactRequestAccepted({ schedulingLink })
const failed = O.ContactRequestFailed({ failure: { kind: 'status', status: 500, message: 'boom' } })
const at = (path: string, query: string) =>
  Navigated({ location: { path, query }, routeName: 'packages', mode: 'push', user: 'developer' })
const policies = (events: AppEvent[], event: AppEvent) =>
  contactArea.policies?.(
    { seq: 1, at: specMeta.now, source: 'effect', corr: 'c', event },
    foldEvents([...events, event]),
  )

describe('the contact form rule (the submit button is disabled until it holds)', () => {
  it('a complete form is valid and is sent trimmed with its lead source', () => {
    expect(validateContactForm(form)).toEqual(right(request))
  })

  it('names, country, email and help option are required; the comment is not', () => {
    expect(contactProblems(INITIAL_CONTACT_FORM)).toEqual({
      firstName: { key: 'mandatory' },
      lastName: { key: 'mandatory' },
      country: { key: 'mandatory' },
      email: { key: 'mandatory' },
      helpOption: { key: 'mandatory' },
    })
    expect(contactProblems({ ...form, optionalComment: '' })).toEqual({})
    expect(contactProblems({ ...form, firstName: '   ' })).toEqual({ firstName: { key: 'mandatory' } })
  })

  it.each(['ada', 'ada@example', 'a da@example.com', 'a@b.c\r\nBcc: x@y.z', '<a@b.c>'])(
    'the platform would refuse the email %j, so the form does',
    (email) => {
      expect(contactProblems({ ...form, email })).toEqual({ email: { key: 'invalidEmail' } })
    },
  )

  it('lengths the platform refuses are problems too', () => {
    expect(contactProblems({ ...form, lastName: 'x'.repeat(101) })).toEqual({
      lastName: { key: 'tooLong', max: 100 },
    })
    expect(contactProblems({ ...form, optionalComment: 'x'.repeat(2001) })).toEqual({
      optionalComment: { key: 'tooLong', max: 2000 },
    })
  })

  it.each(HELP_OPTIONS)('the help option %s chooses its lead-source fields', (helpOption) => {
    const sent = validateContactForm({ ...form, helpOption })
    expect(sent).toEqual(
      right(
        expect.objectContaining({
          LeadSource: 'Product Form',
          Lead_Source_Details__c: LEAD_SOURCE[helpOption].details,
          MRK_FormType__c: LEAD_SOURCE[helpOption].formType,
        }),
      ),
    )
  })

  it('each help option has lead-source fields of its own', () => {
    const details = new Set(HELP_OPTIONS.map((o) => LEAD_SOURCE[o].details))
    expect(details.size).toBe(HELP_OPTIONS.length)
  })
})

describe('contact-us dialog: given/when/then', () => {
  it('an open form that holds is posted', () => {
    spec(contactArea).given(opened).when({ type: 'contact/SubmitRequest', form }).then(posted)
  })

  it('the posting flag is set while the request runs, and a second submit is refused', () => {
    const { state } = spec(contactArea).given(opened, posted)
    expect(state.contact.form).toEqual({ posting: true, resets: 0 })
    spec(contactArea)
      .given(opened, posted)
      .when({ type: 'contact/SubmitRequest', form })
      .rejected('a contact request is being sent')
  })

  it('a form that does not hold is refused, naming its fields', () => {
    spec(contactArea)
      .given(opened)
      .when({ type: 'contact/SubmitRequest', form: { ...form, email: 'nope', country: '' } })
      .rejected('country: mandatory, email: invalidEmail')
  })

  it('nothing is sent from a closed dialog', () => {
    spec(contactArea)
      .given()
      .when({ type: 'contact/SubmitRequest', form })
      .rejected('the contact form is not open')
  })

  it('success: the posting flag drops, the form is reset, the 5 s toast shows and the form closes', () => {
    const state = foldEvents([opened, posted, accepted()])
    expect(state.contact.form).toEqual({
      posting: false,
      resets: 1,
      outcome: { status: 'sent', schedulingLink: null },
    })
    expect(policies([opened, posted], accepted())).toEqual([{ type: 'contact/ThankForRequest' }])
    spec(contactArea)
      .given(opened, posted, accepted())
      .when({ type: 'contact/ThankForRequest' })
      .then(
        Shown({
          id: specMeta.id,
          kind: 'success',
          message: { key: 'contactRequestSent' },
        }),
        O.ContactFormClosed({}),
      )
    expect(MESSAGE_DURATION_MS.contactRequestSent).toBe(5000)
  })

  it('no thanks without a stored request, nor in the scheduling-link flow', () => {
    // Nothing ever sent, the dialog closed or open: a script's thanks are refused, not a crash.
    for (const given of [[], [opened]])
      spec(contactArea)
        .given(...given)
        .when({ type: 'contact/ThankForRequest' })
        .rejected('no request to thank for')
    spec(contactArea)
      .given(opened, posted)
      .when({ type: 'contact/ThankForRequest' })
      .rejected('no request to thank for')
    spec(contactArea)
      .given(opened, posted, accepted('/x'))
      .when({ type: 'contact/ThankForRequest' })
      .rejected('no request to thank for')
  })

  it('the scheduling-link flow: no toast, and the dialog stays to show the link', () => {
    const state = foldEvents([opened, posted, accepted('/ui/api/v1/marketing/contact/1/schedule')])
    expect(state.contact.form?.outcome).toEqual({
      status: 'sent',
      schedulingLink: '/ui/api/v1/marketing/contact/1/schedule',
    })
    expect(policies([opened, posted], accepted('/x'))).toEqual([])
  })

  it('failure: the posting flag drops and the form is reset, with the failure to say', () => {
    const state = foldEvents([opened, posted, failed])
    expect(state.contact.form).toMatchObject({
      posting: false,
      resets: 1,
      outcome: { status: 'failed' },
    })
    expect(state.notifications.toasts).toEqual([])
    expect(policies([opened, posted], failed)).toEqual([])
    spec(contactArea).given(opened, posted, failed).when({ type: 'contact/SubmitRequest', form }).then(posted)
  })

  it('closing the dialog closes the modal and clears the query that opened it', () => {
    const before = [at('/packages', '?contactUsContext=trial&q=react'), opened]
    spec(contactArea)
      .given(...before)
      .when({ type: 'contact/CloseForm' })
      .then(O.ContactFormClosed({}))
    expect(policies(before, O.ContactFormClosed({}))).toEqual([
      { type: 'navigation/CloseModal', modal: 'contactUs' },
      { type: 'navigation/Navigate', to: '/packages?q=react', replace: true },
    ])
    expect(policies([at('/packages', ''), opened], O.ContactFormClosed({}))).toEqual([
      { type: 'navigation/CloseModal', modal: 'contactUs' },
    ])
  })

  it('the last answer is forgotten when the dialog closes (by itself or by a navigation)', () => {
    expect(foldEvents([opened, posted, failed, O.ContactFormClosed({})]).contact.form).toBeUndefined()
    expect(
      foldEvents([opened, posted, failed, ModalClosed({ modal: 'contactUs' })]).contact.form,
    ).toBeUndefined()
    // A request still running keeps its flag: its answer is still to come.
    expect(foldEvents([opened, posted, ModalClosed({ modal: 'contactUs' })]).contact.form).toEqual({
      posting: true,
      resets: 0,
    })
  })

  it('the query without the contact-us context', () => {
    expect(withoutContactContext('/packages', '?contactUsContext=1')).toBe('/packages')
    expect(withoutContactContext('/packages', '?a=1&contactUsContext=x&b=2')).toBe('/packages?a=1&b=2')
    expect(withoutContactContext('/packages', '?a=1')).toBeNull()
  })

  it('one contact-us key: the one that opens the dialog, goes with a search and is taken off', () => {
    const query = `?${CONTACT_US_QUERY_KEY}=trial&q=react`
    expect(hasContactUsContext(query)).toBe(true)
    expect(carriedQuery({ path: '/packages', query }, '/distribution/source')).toBe(
      `${CONTACT_US_QUERY_KEY}=trial`,
    )
    expect(withoutContactContext('/packages', query)).toBe('/packages?q=react')
  })

  it('only admins load the contact requests', () => {
    const signedIn = (admin: boolean) =>
      S.UserDataLoaded({ user: user({ admin, name: admin ? 'admin' : 'dev' }) })
    spec(contactArea)
      .given(signedIn(true))
      .when({ type: 'contact/LoadRequests' })
      .then(O.ContactRequestsRequested({ requestId: specMeta.id }))
    spec(contactArea)
      .given(signedIn(false))
      .when({ type: 'contact/LoadRequests' })
      .rejected('only admins read contact requests')
  })

  it('a reload keeps the loaded list until the answer', () => {
    const record = { id: 1, ...request, createdAt: specMeta.now }
    const state = foldEvents([
      O.ContactRequestsRequested({ requestId: 'a' }),
      O.ContactRequestsLoaded({ requests: [record] }),
      O.ContactRequestsRequested({ requestId: 'b' }),
    ])
    expect(state.contact.requests).toEqual({
      status: 'loading',
      requestId: 'b',
      previous: [record],
    })
    expect(evolve(state, failed).contact.requests).toEqual(state.contact.requests)
  })
})

describe('contact-us effects: the platform is asked, its answer recorded', () => {
  function contactApp(send: ContactApi['sendContactRequest']) {
    const sent: unknown[] = []
    const contactApi: ContactApi = {
      ...notFaked<ContactApi>(),
      sendContactRequest: (r) => {
        sent.push(r)
        return send(r)
      },
    }
    const app = createApp({
      ports: fakePorts({ contactApi }),
      effects: contactEffects,
      seed: [at('/packages', '?contactUsContext=tour'), opened],
    })
    return { app, sent }
  }

  it('a sent request shows the toast, closes the dialog and clears the query', async () => {
    const { app, sent } = contactApp(async () => right({ schedulingLink: null }))
    app.dispatch({ type: 'contact/SubmitRequest', form })
    await expect.poll(() => app.getState().navigation.openModals).toEqual([])
    expect(sent).toEqual([request])
    expect(app.getState().notifications.toasts).toEqual([
      expect.objectContaining({ kind: 'success', message: { key: 'contactRequestSent' } }),
    ])
    expect(app.getState().navigation.location.query).toBe('')
    expect(app.getState().contact.form).toBeUndefined()
  })

  it('a refused request keeps the dialog open with the failure, the form reset', async () => {
    const { app } = contactApp(async () => left({ kind: 'status', status: 400, message: 'bad' }))
    app.dispatch({ type: 'contact/SubmitRequest', form })
    await expect.poll(() => app.getState().contact.form?.outcome?.status).toBe('failed')
    expect(app.getState().contact.form).toMatchObject({ posting: false, resets: 1 })
    expect(app.getState().navigation.openModals).toEqual(['contactUs'])
    expect(app.getState().notifications.toasts).toEqual([])
  })
})
