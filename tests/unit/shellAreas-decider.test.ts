/**
 * The deciders of the small areas of the shell as specifications: the platform's start-up,
 * notifications (toasts) and the overview page's load.
 */
import { appSlice } from '../../domain/app'
import { describe, expect, it } from 'vitest'
import { platformArea } from '../../domain/platform'
import { StartCompleted, StartFailed, StartRequested } from '../../domain/platform/events'
import { notificationsArea } from '../../domain/notifications'
import { Dismissed, Shown } from '../../domain/notifications/events'
import { overviewArea } from '../../domain/overview'
import { Requested } from '../../domain/overview/events'
import { recordedAt, spec, specMeta } from '../support/decider'
import { Denied } from '../../domain/navigation/events'

describe('platform start-up', () => {
  const platform = spec(appSlice(platformArea))
  it('starts, for the reason given (boot by default)', () => {
    platform
      .given()
      .when({ type: 'platform/Start' })
      .then(StartRequested({ reason: 'boot', onPremMetricsSent: false }))
    platform
      .given()
      .when({ type: 'platform/Start', reason: 'login' })
      .then(StartRequested({ reason: 'login', onPremMetricsSent: false }))
  })

  it('runs one start-up at a time, and again once the last one ended', () => {
    platform
      .given(StartRequested({ reason: 'boot', onPremMetricsSent: false }))
      .when({ type: 'platform/Start' })
      .rejected('already running')
    platform
      .given(StartRequested({ reason: 'boot', onPremMetricsSent: false }), StartCompleted({}))
      .when({ type: 'platform/Start', reason: 'login' })
      .then(StartRequested({ reason: 'login', onPremMetricsSent: false }))
    platform
      .given(
        StartRequested({ reason: 'boot', onPremMetricsSent: false }),
        StartFailed({ step: 'loginData', failure: { kind: 'network', message: 'down' } }),
      )
      .when({ type: 'platform/Start' })
      .then(StartRequested({ reason: 'boot', onPremMetricsSent: false }))
  })
})

describe('notifications', () => {
  const notifications = spec(appSlice(notificationsArea))
  it('shows a toast with its message key and data, stamped with the command id', () => {
    const message = { key: 'saved', subject: 'proxy', name: 'corp' } as const
    notifications
      .given()
      .when({ type: 'notifications/Show', kind: 'success', message })
      .then(Shown({ id: specMeta.id, kind: 'success', message }))
  })

  it('a toast is shown at its event’s envelope time; one read from an older log keeps its own', () => {
    const message = { key: 'notAuthorized' } as const
    const at = '2026-01-01T10:00:00.000Z'
    expect(
      notifications.given(recordedAt(at, Shown({ id: 't-1', kind: 'info', message }))).state.notifications
        .toasts,
    ).toEqual([{ id: 't-1', kind: 'info', message, at }])
    const denied = Denied({ path: '/admin', reason: 'admin route', notify: true, id: 't-2', stayAt: null })
    expect(notifications.given(recordedAt(at, denied)).state.notifications.toasts).toEqual([
      { id: 't-2', kind: 'error', message, at },
    ])
    const older = { id: 't-3', kind: 'info', message, recordedAt: '2026-01-01T09:59:59.999Z' } as const
    expect(notifications.given(recordedAt(at, Shown(older))).state.notifications.toasts).toEqual([
      { id: 't-3', kind: 'info', message, at: older.recordedAt },
    ])
  })

  it('dismisses a shown toast; dismissing one that is gone does nothing', () => {
    const shown = Shown({ id: 't-1', kind: 'info', message: { key: 'notAuthorized' } })
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
    spec(appSlice(overviewArea))
      .given()
      .when({ type: 'overview/Load' })
      .then(Requested({ requestId: specMeta.id }))
  })
})
