/**
 * A read-only app over a replayed state, for the debug panel's replay mode: the console's views
 * render it as they render the live app, but nothing they send is decided, no effect runs and
 * nothing is recorded. `show` moves it to the state of another seq.
 */
import { BehaviorSubject, EMPTY, distinctUntilChanged, map } from 'rxjs'
import type { AppState } from '../domain/app'
import { runQuery } from '../queries'
import type { App } from './bus'

export interface ReplayApp extends App {
  show(state: AppState): void
}

export function createReplayApp(initial: AppState, logText: string): ReplayApp {
  const state = new BehaviorSubject(initial)
  return {
    // Read-only: the replayed session already happened; a view's request changes nothing.
    dispatch: () => undefined,
    ask: (query) =>
      state.pipe(
        map((s) => runQuery(s, query)),
        distinctUntilChanged(),
      ),
    state$: state.asObservable(),
    events$: EMPTY,
    getState: () => state.value,
    stashSecret: () => '',
    takeSecret: () => undefined,
    stashFile: () => '',
    shown: {
      enrollments: { get: () => undefined },
      apiKeys: { get: () => undefined },
      clientTokens: { get: () => undefined },
      sessions: { get: () => undefined },
    },
    revealQuerySecret: (value) => value,
    exportLog: () => logText,
    dispose: () => state.complete(),
    show: (next) => state.next(next),
  }
}
