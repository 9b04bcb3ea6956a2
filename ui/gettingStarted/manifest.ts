// The getting-started area as the browser composes it (ui/areaManifest.ts): deferred until its
// first command (the check after a login asks it). Its port rides in the admin API's chunk, as it
// did while it was onboarding's.
import { initialGettingStartedState } from '../../domain/gettingStarted/types'
import { deferred, lazyAreaEffects, slice } from '../../commands/browserApp'
import { lazyApi } from '../../adapters/browser/lazyApi'
import { runQuery } from '../../queries'
import type { AreaManifest } from '../areaManifest'

export const gettingStartedManifest: AreaManifest = {
  key: 'gettingStarted',
  domain: deferred('gettingStarted', initialGettingStartedState, () =>
    import('../../domain/gettingStarted/decider').then((m) => slice(m.gettingStartedArea)),
  ),
  effects: lazyAreaEffects('gettingStarted', () =>
    import('../../commands/effects/gettingStarted').then((m) => m.gettingStartedEffects),
  ),
  ports: (http) => ({
    gettingStartedApi: lazyApi(() =>
      import('../../adapters/browser/adminApiChunk').then((m) => m.createGettingStartedApi(http)),
    ),
  }),
  parts: { 'shell/gettingStarted': () => import('./GettingStartedPage') },
  chrome: [
    {
      place: 'overlay',
      load: () => import('./QuestionnaireDialog'),
      shown: (state) => runQuery(state, { type: 'gettingStarted/Questionnaire' }) !== undefined,
    },
  ],
}
