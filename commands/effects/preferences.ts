import { from, mergeMap, switchMap } from 'rxjs'
import { isLeft } from 'fp-ts/Either'
import { navigationTypeNotSaved } from '../../domain/preferences/rules'
import { caused, type Effect, type EffectTable } from './types'
import { ofType } from './operators'

/** Saves the navigation type the user switched to; a failure follows the navigation-type rule. */
const saveNavigationType: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('preferences/NavigationTypeSwitched'),
    switchMap((envelope) => {
      const switchedTo = envelope.event.data.type
      return from(ports.navigationApi.saveNavigationType(switchedTo)).pipe(
        mergeMap((result) =>
          isLeft(result)
            ? navigationTypeNotSaved({
                switchedTo,
                failure: result.left,
                id: `${envelope.corr}-navigation-type`,
              }).map((event) => caused(envelope, event))
            : [],
        ),
      )
    }),
  )

export const preferencesEffects: EffectTable = { saveNavigationType }
