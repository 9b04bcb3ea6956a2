/** The preferences area's decider as a specification: the navigation type. */
import { describe, it } from 'vitest'
import { preferencesArea } from '../../domain/preferences'
import { appSlice } from '../../domain/app'
import * as Pref from '../../domain/preferences/events'
import { NavigationTypeInitialised } from '../../domain/platform/events'
import { spec } from '../support/decider'
import { startedAs } from '../support/fixtures'

const started = () => startedAs({ name: 'dev' })
const preferences = spec(appSlice(preferencesArea))

describe('the navigation type', () => {
  it('switches to the other type for a signed-in user only', () => {
    preferences
      .given(...started())
      .when({ type: 'preferences/SwitchNavigationType' })
      .then(Pref.NavigationTypeSwitched({ type: 'classic' }))
    preferences.given().when({ type: 'preferences/SwitchNavigationType' }).rejected('signed-in user')
  })

  it('switches from the type the platform keeps, then from the one chosen since', () => {
    preferences
      .given(...started(), NavigationTypeInitialised({ navigationType: 'classic' }))
      .when({ type: 'preferences/SwitchNavigationType' })
      .then(Pref.NavigationTypeSwitched({ type: 'new' }))
    preferences
      .given(
        ...started(),
        NavigationTypeInitialised({ navigationType: 'classic' }),
        Pref.NavigationTypeSwitched({ type: 'new' }),
      )
      .when({ type: 'preferences/SwitchNavigationType' })
      .then(Pref.NavigationTypeSwitched({ type: 'classic' }))
  })
})
