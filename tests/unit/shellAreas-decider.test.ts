/**
 * The deciders of the small areas of the shell as specifications: the platform's start-up,
 * notifications (toasts) and the overview page's load.
 */
import { describe, it } from 'vitest'
import { platformArea } from '../../domain/platform'
import { StartCompleted, StartFailed, StartRequested } from '../../domain/platform/events'
import { notificationsArea } from '../../domain/notifications'
import { Dismissed, Shown } from '../../domain/notifications/events'
import { overviewArea } from '../../domain/overview'
import { Requested } from '../../domain/overview/events'
import { spec, specMeta } from '../support/decider'

describe('platform start-up', () => {
  const platform = spec(platformArea)
  it('starts, for the reason given (boot by default)', () => {
    platform
      .given()
      .when({ type: 'platform/Start' })
      .then(StartRequested({ reason: 'boot' }))
    platform
      .given()
      .when({ type: 'platform/Start', reason: 'login' })
      .then(StartRequested({ reason: 'login' }))
  })

  it('runs one start-up at a time, and again once the last one ended', () => {
    platform
      .given(StartRequested({ reason: 'boot' }))
      .when({ type: 'platform/Start' })
      .rejected('already running')
    platform
      .given(StartRequested({ reason: 'boot' }), StartCompleted({}))
      .when({ type: 'platform/Start', reason: 'login' })
      .then(StartRequested({ reason: 'login' }))
    platform
      .given(
        StartRequested({ reason: 'boot' }),
        StartFailed({ step: 'loginData', failure: { kind: 'network', message: 'down' } }),
      )
      .when({ type: 'platform/Start' })
      .then(StartRequested({ reason: 'boot' }))
  })
})

describe('notifications', () => {
  const notifications = spec(notificationsArea)
  it('shows a toast with its message key and data, stamped with the command id and time', () => {
    const message = { key: 'saved', subject: 'proxy', name: 'corp' } as const
    notifications
      .given()
      .when({ type: 'notifications/Show', kind: 'success', message })
      .then(Shown({ id: specMeta.id, kind: 'success', message, at: specMeta.now }))
  })

  it('dismisses a shown toast; dismissing one that is gone does nothing', () => {
    const shown = Shown({ id: 't-1', kind: 'info', message: { key: 'notAuthorized' }, at: specMeta.now })
    notifications
      .given(shown)
      .when({ type: 'notifications/Dismiss', id: 't-1' })
      .then(Dismissed({ id: 't-1' }))
    notifications
      .given(shown, Dismissed({ id: 't-1' }))
      .when({ type: 'notifications/Dismiss', id: 't-1' })
      .nothing()
  })
})

describe('overview', () => {
  it('loads, named by the command id', () => {
    spec(overviewArea)
      .given()
      .when({ type: 'overview/Load' })
      .then(Requested({ requestId: specMeta.id }))
  })
})
