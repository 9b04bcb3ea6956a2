// Toasts (spec 000 section 9): each shown at its event's time, at most five with the oldest
// going first, dismissed by id; a refused page says so when the refusal asks to notify.
import { describe, expect, it } from 'vitest'
import { appSlice, type AppEvent } from '../../domain/app'
import * as N from '../../domain/notifications'
import { Denied } from '../../domain/navigation/events'
import { recordedAt, spec } from '../support/decider'

const notifications = spec(appSlice(N.notificationsArea))
const saved = { key: 'saved', subject: 'proxy', name: 'corp' } as const
const shown = (id: string, kind: N.ToastKind = 'success') => N.Shown({ id, kind, message: saved })

describe('notifications decider', () => {
  it('a toast is shown under the command’s id, saying what the command says', () => {
    notifications
      .given()
      .when({ type: 'notifications/Show', kind: 'warning', message: saved })
      .then(N.Shown({ id: 'id-1', kind: 'warning', message: saved }))
  })

  it('a toast shows at its event’s time, or at the time the event carried from an older log', () => {
    const state = notifications.given(
      recordedAt('2026-03-01T10:00:00.000Z', shown('a', 'error')),
      recordedAt(
        '2026-03-01T11:00:00.000Z',
        N.Shown({ id: 'b', kind: 'info', message: saved, recordedAt: '2025-01-01T00:00:00.000Z' }),
      ),
    ).state
    expect(state.notifications.toasts).toEqual([
      { id: 'a', kind: 'error', message: saved, at: '2026-03-01T10:00:00.000Z' },
      { id: 'b', kind: 'info', message: saved, at: '2025-01-01T00:00:00.000Z' },
    ])
  })

  it('at most five toasts: the oldest goes first', () => {
    const ids = ['1', '2', '3', '4', '5', '6', '7']
    const state = notifications.given(...ids.map((id) => shown(id))).state
    expect(state.notifications.toasts.map((t) => t.id)).toEqual(['3', '4', '5', '6', '7'])
    expect(N.MAX_TOASTS).toBe(5)
  })

  it('a shown toast is dismissed; dismissing one that is gone records nothing', () => {
    const two = notifications.given(shown('a'), shown('b'))
    two.when({ type: 'notifications/Dismiss', id: 'a' }).then(N.Dismissed({ id: 'a' }))
    expect(
      two
        .when({ type: 'notifications/Dismiss', id: 'a' })
        .after()
        .notifications.toasts.map((t) => t.id),
    ).toEqual(['b'])
    two.when({ type: 'notifications/Dismiss', id: 'zzz' }).nothing()
    notifications.given().when({ type: 'notifications/Dismiss', id: 'a' }).nothing()
  })

  it('a dismissal of a toast not shown leaves the toasts as they were', () => {
    const before = notifications.given(shown('a')).state
    const after = notifications.given(shown('a'), N.Dismissed({ id: 'b' })).state
    expect(after.notifications).toEqual(before.notifications)
  })

  it('a refused page says “not authorized” when the refusal asks to notify, at its time', () => {
    const denied = (notify: boolean, over: { recordedAt?: string } = {}) =>
      Denied({ path: '/admin', reason: 'not an admin', notify, id: 'd1', stayAt: null, ...over }) as AppEvent
    const told = notifications.given(recordedAt('2026-03-01T10:00:00.000Z', denied(true))).state
    expect(told.notifications.toasts).toEqual([
      { id: 'd1', kind: 'error', message: { key: 'notAuthorized' }, at: '2026-03-01T10:00:00.000Z' },
    ])
    const older = notifications.given(denied(true, { recordedAt: '2025-05-05T00:00:00.000Z' })).state
    expect(older.notifications.toasts[0]?.at).toBe('2025-05-05T00:00:00.000Z')
    expect(notifications.given(denied(false)).state.notifications.toasts).toEqual([])
  })

  it('a refusal’s toast counts among the five', () => {
    const state = notifications.given(
      ...['1', '2', '3', '4', '5'].map((id) => shown(id)),
      Denied({ path: '/admin', reason: 'no', notify: true, id: 'd', stayAt: null }) as AppEvent,
    ).state
    expect(state.notifications.toasts.map((t) => t.id)).toEqual(['2', '3', '4', '5', 'd'])
  })
})
