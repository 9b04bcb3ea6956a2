import { exhaustMap } from 'rxjs'
import { ClientBaseUrlFailed, ClientBaseUrlLoaded } from '../../domain/setMeUp/events'
import type { Effect, EffectTable } from './types'
import { ofType, request } from './operators'

/** Loads the address set-me-up and quick setup's client flows show (asked for once, or again after a failure). */
const clientBaseUrl: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('setMeUp/ClientBaseUrlRequested'),
    exhaustMap((envelope) =>
      request(envelope, () => ports.setMeUpApi.clientBaseUrl(), {
        done: (value) =>
          ClientBaseUrlLoaded({ baseUrl: value.baseUrl, reverseProxies: [...value.reverseProxies] }),
        failed: (failure) => ClientBaseUrlFailed({ failure }),
      }),
    ),
  )

// Effects of the set-me-up area: each calls a port and turns the answer into an event.
export const setMeUpEffects: EffectTable = { clientBaseUrl }
