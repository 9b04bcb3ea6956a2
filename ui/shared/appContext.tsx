/**
 * How views reach the app: a context holding the bus, and hooks that turn queries into
 * values. Views render projections and dispatch commands; they never fetch.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react'
import { useObservableEagerState } from 'observable-hooks'
import type { App } from '../../commands/bus'
import type { AppQuery, QueryResult } from '../../queries'
import type { AppCommand } from '../../domain/app'

const AppContext = createContext<App | null>(null)

export function AppProvider({ app, children }: { app: App; children: ReactNode }) {
  return <AppContext.Provider value={app}>{children}</AppContext.Provider>
}

export function useApp(): App {
  const app = useContext(AppContext)
  if (!app) throw new Error('useApp needs an <AppProvider>')
  return app
}

/** The current result of a query; re-renders only when that result changes. */
export function useQuery<Q extends AppQuery>(query: Q): QueryResult<Q> {
  const app = useApp()
  // Queries are plain data: their JSON is a stable identity across renders.
  const key = JSON.stringify(query)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `query`
  const result$ = useMemo(() => app.ask(query), [app, key])
  return useObservableEagerState(result$)
}

/** `dispatch` bound to the app, with source 'ui'. */
export function useDispatch(): (command: AppCommand) => void {
  const app = useApp()
  return useMemo(() => (command: AppCommand) => app.dispatch(command, 'ui'), [app])
}
