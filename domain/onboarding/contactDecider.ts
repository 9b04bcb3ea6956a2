/**
 * Contact us (spec 001): the form's request and its answer, the dialog closing, and the contact
 * requests admins read.
 */
import { isLeft, left, right } from 'fp-ts/Either'
import { Shown } from '../notifications/events'
import type { SessionState } from '../session'
import type { NavigationCommand, NavigationState } from '../navigation'
import { validateContactForm, withoutContactContext, type ContactProblems } from './contact'
import type { OnboardingCommand } from './commands'
import { contactEvents, ContactFormClosed, ContactRequestPosted, ContactRequestsRequested } from './events'
import { ModalClosed } from '../navigation/events'
import { typesOf, type OnboardingPart } from './part'
import type { ContactFormState, OnboardingState } from './types'

type Slice = Pick<OnboardingState, 'contact' | 'contactRequests'>

/** What contact us reads of the rest of the state. */
export interface ContactContext {
  readonly formOpen: boolean
  readonly admin: boolean
  readonly location: NavigationState['location']
}

const idleContact: ContactFormState = { posting: false, resets: 0 }

/** An answer to the contact request: the posting flag drops and the form is reset. */
const answered = (slice: Slice, outcome: ContactFormState['outcome']): Slice => {
  const contact = slice.contact ?? idleContact
  return { ...slice, contact: { posting: false, resets: contact.resets + 1, outcome } }
}

function withoutContact(slice: Slice): Slice {
  if (!slice.contact || slice.contact.posting) return slice
  const { contact: _closed, ...rest } = slice
  return rest
}

/** The problems as the rejection says them: each field with its problem's key. */
const describeProblems = (problems: ContactProblems): string =>
  Object.entries(problems)
    .map(([field, problem]) => `${field}: ${problem.key}`)
    .join(', ')

export const contactPart: OnboardingPart<
  'contact' | 'contactRequests',
  | 'onboarding/SubmitContactRequest'
  | 'onboarding/ThankForContactRequest'
  | 'onboarding/CloseContactForm'
  | 'onboarding/LoadContactRequests',
  ContactContext,
  NavigationCommand | OnboardingCommand,
  { readonly session: SessionState; readonly navigation: Pick<NavigationState, 'location' | 'openModals'> }
> = {
  fields: ['contact', 'contactRequests'],
  commandTypes: [
    'onboarding/SubmitContactRequest',
    'onboarding/ThankForContactRequest',
    'onboarding/CloseContactForm',
    'onboarding/LoadContactRequests',
  ],
  eventTypes: typesOf(...contactEvents, ModalClosed),
  contextOf: (state) => ({
    formOpen: state.navigation.openModals.includes('contactUs'),
    admin: state.session.status === 'signedIn' && state.session.user?.admin === true,
    location: state.navigation.location,
  }),
  decide(command, slice, context, meta) {
    switch (command.type) {
      case 'onboarding/SubmitContactRequest': {
        if (!context.formOpen) return left('the contact form is not open')
        if (slice.contact?.posting) return left('a contact request is being sent')
        const valid = validateContactForm(command.form)
        if (isLeft(valid)) return left(describeProblems(valid.left))
        return right([ContactRequestPosted({ request: valid.right })])
      }
      case 'onboarding/ThankForContactRequest': {
        const outcome = slice.contact?.outcome
        if (outcome?.status !== 'sent' || outcome.schedulingLink !== null)
          return left('no request to thank for')
        // The toast of the catalogue, shown for 5 s (MESSAGE_DURATION_MS); the view words it.
        return right([
          Shown({ id: meta.id, kind: 'success', message: { key: 'contactRequestSent' } }),
          ContactFormClosed({}),
        ])
      }
      case 'onboarding/CloseContactForm':
        return right([ContactFormClosed({})])
      case 'onboarding/LoadContactRequests':
        if (!context.admin) return left('only admins read contact requests')
        return right([ContactRequestsRequested({ requestId: meta.id })])
    }
  },
  evolve(slice, event) {
    switch (event.type) {
      case 'onboarding/ContactRequestPosted': {
        const { outcome: _previous, ...contact } = slice.contact ?? idleContact
        return { ...slice, contact: { ...contact, posting: true } }
      }
      case 'onboarding/ContactRequestAccepted':
        return answered(slice, { status: 'sent', schedulingLink: event.data.schedulingLink })
      case 'onboarding/ContactRequestFailed':
        return answered(slice, { status: 'failed', failure: event.data.failure })
      case 'onboarding/ContactFormClosed':
        return withoutContact(slice)
      // The dialog closed by a navigation: nothing of the last answer stays for the next opening.
      case 'navigation/ModalClosed':
        return event.data.modal === 'contactUs' ? withoutContact(slice) : slice
      case 'onboarding/ContactRequestsRequested': {
        const list = slice.contactRequests
        const previous =
          list?.status === 'loaded' ? list.requests : list?.status === 'loading' ? list.previous : undefined
        return {
          ...slice,
          contactRequests: {
            status: 'loading',
            requestId: event.data.requestId,
            ...(previous ? { previous } : {}),
          },
        }
      }
      case 'onboarding/ContactRequestsLoaded':
        return { ...slice, contactRequests: { status: 'loaded', requests: event.data.requests } }
      case 'onboarding/ContactRequestsLoadFailed':
        return { ...slice, contactRequests: { status: 'failed', failure: event.data.failure } }
      default:
        return slice
    }
  },
  policies({ event }, _slice, { location }) {
    switch (event.type) {
      // A request sent: the form closes (in the scheduling-link flow the dialog shows the link first).
      case 'onboarding/ContactRequestAccepted':
        return event.data.schedulingLink === null ? [{ type: 'onboarding/ThankForContactRequest' }] : []
      // Closing the dialog clears the query that opened it.
      case 'onboarding/ContactFormClosed': {
        const to = withoutContactContext(location.path, location.query)
        return [
          { type: 'navigation/CloseModal', modal: 'contactUs' },
          ...(to === null ? [] : [{ type: 'navigation/Navigate' as const, to, replace: true }]),
        ]
      }
      default:
        return []
    }
  },
}
