// The education area as the browser composes it (ui/areaManifest.ts): deferred until its first command.
import { initialEducationState } from '../../domain/education/types'
import { deferred, lazyAreaEffects, slice } from '../../commands/browserApp'
import { lazyApi } from '../../adapters/browser/lazyApi'
import { runQuery } from '../../queries'
import type { AreaManifest } from '../areaManifest'

export const educationManifest: AreaManifest = {
  key: 'education',
  domain: deferred('education', initialEducationState, () =>
    import('../../domain/education/decider').then((m) => slice(m.educationArea)),
  ),
  effects: lazyAreaEffects('education', () =>
    import('../../commands/effects/education').then((m) => m.educationEffects),
  ),
  ports: (http) => ({
    educationApi: lazyApi(() =>
      import('../../adapters/http/education').then((m) => m.createEducationApi(http)),
    ),
  }),
  chrome: [
    {
      place: 'overlay',
      load: () => import('./EducationCenter'),
      shown: (state) => runQuery(state, { type: 'education/Center' }) !== undefined,
    },
  ],
}
