/**
 * The browser side of the idle-session check (spec 000 section 4): user activity that comes
 * after more than a minute without any reports `session/CheckSession`; the session area decides
 * whether a check is due (only a signed-in session is checked). Activity itself is not recorded:
 * only the one command after an idle spell, so the log stays small.
 */
import type { AppCommand } from '../../domain/app'
import type { Source } from '../../domain/shared/area'
import { SESSION_IDLE_LIMIT_MS } from '../../domain/session/rules'

/** What counts as the user being there: pointer, keys, wheel, touch, and the tab shown again. */
export const ACTIVITY_EVENTS = [
  'pointerdown',
  'mousemove',
  'keydown',
  'wheel',
  'touchstart',
  'focus',
] as const

export interface ActivityWindow {
  addEventListener(type: string, listener: () => void, options?: { passive?: boolean }): void
  removeEventListener(type: string, listener: () => void): void
  readonly document: { readonly visibilityState: string }
}

/** Starts watching; returns the function that stops it. */
export function startActivityWatch(
  dispatch: (command: AppCommand, source: Source) => void,
  win: ActivityWindow = window,
  now: () => number = () => Date.now(),
): () => void {
  let last = now()
  const onActivity = () => {
    if (win.document.visibilityState === 'hidden') return
    const at = now()
    const idleMs = at - last
    last = at
    if (idleMs > SESSION_IDLE_LIMIT_MS) dispatch({ type: 'session/CheckSession', idleMs }, 'ui')
  }
  for (const type of ACTIVITY_EVENTS) win.addEventListener(type, onActivity, { passive: true })
  win.addEventListener('visibilitychange', onActivity)
  return () => {
    for (const type of ACTIVITY_EVENTS) win.removeEventListener(type, onActivity)
    win.removeEventListener('visibilitychange', onActivity)
  }
}
