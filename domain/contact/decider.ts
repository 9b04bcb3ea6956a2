/**
 * Contact us (spec 001): the form's request and its answer, the dialog closing, and the contact
 * requests admins read. It decides on its own slice; it reads of the rest of the state whether
 * the dialog is open, whether the viewer is an admin, and where the browser is.
 */
import { isLeft, left, right } from 'fp-ts/Either'
import type { SliceArea } from '../shared/area'
import type { EventOf } from '../shared/events'
import { Shown } from '../notifications/events'
import type { SessionState } from '../session'
import type { NavigationCommand, NavigationState } from '../navigation'
import type { ModalClosed } from '../navigation/events'
import { validateContactForm, withoutContactContext, type ContactProblems } from './rules'
import type { ContactCommand } from './commands'
import { contactCommandCodecs } from './commandCodecs.gen'
import {
  contactEvents,
  ContactFormClosed,
  ContactRequestPosted,
  ContactRequestsRequested,
  type ContactEvent,
} from './events'
import { initialContactState, type ContactFormState, type ContactState } from './types'

type Slice = ContactState

/** The events the area decides and evolves: its own, the toast it shows, the dialog's closing. */
export type ContactAreaEvent = ContactEvent | EventOf<typeof Shown> | EventOf<typeof ModalClosed>

/** What contact us reads of the rest of the state. */
export interface ContactContext {
  readonly formOpen: boolean
  readonly admin: boolean
  readonly location: NavigationState['location']
}

const idleContact: ContactFormState = { posting: false, resets: 0 }

/** An answer to the contact request: the posting flag drops and the form is reset. */
const answered = (slice: Slice, outcome: ContactFormState['outcome']): Slice => {
  const contact = slice.form ?? idleContact
  return { ...slice, form: { posting: false, resets: contact.resets + 1, outcome } }
}

function withoutContact(slice: Slice): Slice {
  if (!slice.form || slice.form.posting) return slice
  const { form: _closed, ...rest } = slice
  return rest
}

/** The problems as the rejection says them: each field with its problem's key. */
const describeProblems = (problems: ContactProblems): string =>
  Object.entries(problems)
    .map(([field, problem]) => `${field}: ${problem.key}`)
    .join(', ')

export const contactArea: SliceArea<
  'contact',
  ContactState,
  ContactCommand,
  ContactAreaEvent,
  ContactContext,
  NavigationCommand | ContactCommand,
  { readonly session: SessionState; readonly navigation: Pick<NavigationState, 'location' | 'openModals'> }
> = {
  key: 'contact',
  commands: contactCommandCodecs,
  initialState: initialContactState,
  events: contactEvents,
  evolvesOn: ['navigation/ModalClosed'],
  contextOf: (state) => ({
    formOpen: state.navigation.openModals.includes('contactUs'),
    admin: state.session.status === 'signedIn' && state.session.user?.admin === true,
    location: state.navigation.location,
  }),
  decide(command, slice, context, meta) {
    switch (command.type) {
      case 'contact/SubmitRequest': {
        if (!context.formOpen) return left('the contact form is not open')
        if (slice.form?.posting) return left('a contact request is being sent')
        const valid = validateContactForm(command.form)
        if (isLeft(valid)) return left(describeProblems(valid.left))
        return right([ContactRequestPosted({ request: valid.right })])
      }
      case 'contact/ThankForRequest': {
        const outcome = slice.form?.outcome
        if (outcome?.status !== 'sent' || outcome.schedulingLink !== null)
          return left('no request to thank for')
        // The toast of the catalogue, shown for 5 s (MESSAGE_DURATION_MS); the view words it.
        return right([
          Shown({ id: meta.id, kind: 'success', message: { key: 'contactRequestSent' } }),
          ContactFormClosed({}),
        ])
      }
      case 'contact/CloseForm':
        return right([ContactFormClosed({})])
      case 'contact/LoadRequests':
        if (!context.admin) return left('only admins read contact requests')
        return right([ContactRequestsRequested({ requestId: meta.id })])
    }
  },
  evolve(slice, event) {
    switch (event.type) {
      case 'contact/RequestPosted': {
        const { outcome: _previous, ...contact } = slice.form ?? idleContact
        return { ...slice, form: { ...contact, posting: true } }
      }
      case 'contact/RequestAccepted':
        return answered(slice, { status: 'sent', schedulingLink: event.data.schedulingLink })
      case 'contact/RequestFailed':
        return answered(slice, { status: 'failed', failure: event.data.failure })
      case 'contact/FormClosed':
        return withoutContact(slice)
      // The dialog closed by a navigation: nothing of the last answer stays for the next opening.
      case 'navigation/ModalClosed':
        return event.data.modal === 'contactUs' ? withoutContact(slice) : slice
      case 'contact/RequestsRequested': {
        const list = slice.requests
        const previous =
          list?.status === 'loaded' ? list.requests : list?.status === 'loading' ? list.previous : undefined
        return {
          ...slice,
          requests: {
            status: 'loading',
            requestId: event.data.requestId,
            ...(previous ? { previous } : {}),
          },
        }
      }
      case 'contact/RequestsLoaded':
        return { ...slice, requests: { status: 'loaded', requests: event.data.requests } }
      case 'contact/RequestsLoadFailed':
        return { ...slice, requests: { status: 'failed', failure: event.data.failure } }
      default:
        return slice
    }
  },
  policies({ event }, _slice, { location }) {
    switch (event.type) {
      // A request sent: the form closes (in the scheduling-link flow the dialog shows the link first).
      case 'contact/RequestAccepted':
        return event.data.schedulingLink === null ? [{ type: 'contact/ThankForRequest' }] : []
      // Closing the dialog clears the query that opened it.
      case 'contact/FormClosed': {
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
