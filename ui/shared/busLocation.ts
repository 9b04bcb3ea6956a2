/**
 * wouter's location, backed by the bus: the location is `state.navigation.location`, and
 * navigating dispatches `navigation/Navigate` (the pipeline decides, an effect moves history).
 */
import { useCallback } from 'react'
import { useDispatch, useQuery } from './appContext'

export const UI_BASE = '/ui'

export const withoutBase = (to: string): string =>
  to === UI_BASE
    ? '/'
    : to.startsWith(`${UI_BASE}/`) || to.startsWith(`${UI_BASE}?`)
      ? to.slice(UI_BASE.length)
      : to

export function useBusLocation(): [string, (to: string, options?: { replace?: boolean }) => void] {
  const location = useQuery({ type: 'navigation/Location' })
  const dispatch = useDispatch()
  const navigate = useCallback(
    (to: string, options?: { replace?: boolean }) =>
      dispatch({ type: 'navigation/Navigate', to: withoutBase(to), replace: options?.replace === true }),
    [dispatch],
  )
  return [`${UI_BASE}${location.path === '/' ? '/' : location.path}`, navigate]
}

/** wouter's search hook: the query without its `?`. */
export function useBusSearch(): string {
  return useQuery({ type: 'navigation/Location' }).query.replace(/^\?/, '')
}

/** Navigation for views: `navigate('/packages')`. */
export function useNavigate(): (to: string, options?: { replace?: boolean }) => void {
  return useBusLocation()[1]
}
