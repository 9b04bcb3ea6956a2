import { EMPTY, exhaustMap, mergeMap, switchMap } from 'rxjs'
import {
  PersonalizationLoaded,
  PersonalizationLoadFailed,
  PersonalizationSendFailed,
  PersonalizationSent,
} from '../../domain/personalization/events'
import {
  decodePersonalization,
  encodePersonalization,
  personalizationChoices,
  PERSONALIZATION_STORAGE_KEY,
} from '../../domain/personalization/rules'
import type { Effect, EffectTable } from './types'
import { ofType, request } from './operators'

/**
 * Asks the platform whether it has the user's personalization, with what local storage kept
 * (a bad stored value reads as none). Once the platform has it, the stored data is removed.
 */
const loadPersonalization: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('personalization/Requested'),
    switchMap((envelope) => {
      const { requestId } = envelope.event.data
      return request(envelope, () => ports.personalizationApi.personalizationStatus(), {
        done: ({ sent }) => {
          if (sent) ports.localStore.remove(PERSONALIZATION_STORAGE_KEY)
          const stored = sent
            ? null
            : decodePersonalization(ports.localStore.get(PERSONALIZATION_STORAGE_KEY))
          return PersonalizationLoaded({ requestId, sent, stored })
        },
        failed: (failure) => PersonalizationLoadFailed({ requestId, failure }),
      })
    }),
  )

/** Each step completed or shown is kept in local storage, encoded, until the data is sent. */
const storePersonalization: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('personalization/StepCompleted', 'personalization/StepShown'),
    mergeMap(({ event }) => {
      if (event.data.data)
        ports.localStore.set(PERSONALIZATION_STORAGE_KEY, encodePersonalization(event.data.data))
      return EMPTY
    }),
  )

/** Sends the choices; once the platform has them the stored data is removed. */
const sendPersonalization: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('personalization/SendRequested'),
    exhaustMap((envelope) =>
      request(
        envelope,
        () => ports.personalizationApi.sendPersonalization(personalizationChoices(envelope.event.data.data)),
        {
          done: () => {
            ports.localStore.remove(PERSONALIZATION_STORAGE_KEY)
            return PersonalizationSent({})
          },
          failed: (failure) => PersonalizationSendFailed({ failure }),
        },
      ),
    ),
  )

// Effects of the personalization area: each calls a port and turns the answer into an event.
export const personalizationEffects: EffectTable = {
  loadPersonalization,
  storePersonalization,
  sendPersonalization,
}
