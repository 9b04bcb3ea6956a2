import { exhaustMap, switchMap } from 'rxjs'
import {
  ContactRequestAccepted,
  ContactRequestFailed,
  ContactRequestsLoaded,
  ContactRequestsLoadFailed,
} from '../../domain/contact/events'
import type { Effect, EffectTable } from './types'
import { ofType, request } from './operators'

/** Sends the contact request the decider accepted; the answer (or the failure) becomes an event. */
const sendContactRequest: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('contact/RequestPosted'),
    exhaustMap((envelope) =>
      request(envelope, () => ports.contactApi.sendContactRequest(envelope.event.data.request), {
        done: (value) => ContactRequestAccepted({ schedulingLink: value.schedulingLink }),
        failed: (failure) => ContactRequestFailed({ failure }),
      }),
    ),
  )

/** Loads the contact requests for the admin page; a newer request wins. */
const loadContactRequests: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('contact/RequestsRequested'),
    switchMap((envelope) =>
      request(envelope, () => ports.contactApi.contactRequests(), {
        done: (value) => ContactRequestsLoaded({ requests: [...value] }),
        failed: (failure) => ContactRequestsLoadFailed({ failure }),
      }),
    ),
  )

// Effects of the contact area: each calls a port and turns the answer into an event.
export const contactEffects: EffectTable = {
  sendContactRequest,
  loadContactRequests,
}
