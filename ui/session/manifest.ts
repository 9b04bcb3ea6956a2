// The session area as the browser composes it (ui/areaManifest.ts): the login page's part loads
// with the entry; the account screens' commands, effects and API calls load with the first of them.
import { ACCOUNT_COMMANDS, sessionLoginArea } from '../../domain/session/loginDecider'
import { lazyAreaEffects, slice } from '../../commands/browserApp'
import { namedEffects } from '../../commands/effects/lazy'
import { sessionEffects } from '../../commands/effects/session'
import { isAccountEvent } from '../../commands/effects/accountEvents'
import { ACCOUNT_CALLS, createSessionApi, type AccountApi } from '../../adapters/http/session'
import { lazyApi, pick } from '../../adapters/browser/lazyApi'
import type { AreaManifest } from '../areaManifest'

export const sessionManifest: AreaManifest = {
  key: 'session',
  domain: {
    area: slice(sessionLoginArea),
    later: ACCOUNT_COMMANDS,
    load: () => import('../../domain/session/accountDecider').then((m) => slice(m.sessionArea)),
  },
  effects: {
    ...namedEffects({ session: sessionEffects }),
    // The account screens' requests: session events, but not the login page's.
    ...lazyAreaEffects(
      'account',
      () => import('../../commands/effects/account').then((m) => m.accountEffects),
      (event) => isAccountEvent(event.type),
    ),
  },
  ports: (http) => ({
    sessionApi: {
      ...createSessionApi(http),
      ...pick(
        lazyApi<AccountApi>(() =>
          import('../../adapters/http/account').then((m) => m.createAccountApi(http)),
        ),
        ACCOUNT_CALLS,
      ),
    },
  }),
  screen: () => import('./index'),
}
