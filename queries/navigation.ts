import type { Selector, QueryTable } from './types'
import {
  findRoute,
  pageTitle,
  shellContextOf,
  sidebarItems,
  sidebarKinds,
  shownSidebar,
  type Location,
  type NavigationState,
  type RouteMatch,
  type ShellContext,
  type SidebarKind,
  type VisibleItem,
} from '../domain/navigation'

const location: Selector<object, Location> = (state) => state.navigation.location
const navigation: Selector<object, NavigationState> = (state) => state.navigation

// Selectors below return fresh objects: `ask` compares results by identity, so each is keyed
// on the slices it reads to avoid re-rendering views on unrelated events.
function memo<A extends readonly unknown[], R>(compute: (...args: A) => R): (...args: A) => R {
  let last: { args: A; value: R } | undefined
  return (...args: A) => {
    if (last && last.args.length === args.length && last.args.every((a, i) => Object.is(a, args[i])))
      return last.value
    const value = compute(...args)
    last = { args, value }
    return value
  }
}

// The context is read from three slices; the same slices give the same object.
let contextCache: { keys: readonly unknown[]; value: ShellContext } | undefined
export const contextOf = (state: Parameters<typeof shellContextOf>[0]): ShellContext => {
  const keys = [state.platform, state.session, state.navigation.selectedProject]
  if (contextCache && contextCache.keys.every((k, i) => Object.is(k, keys[i]))) return contextCache.value
  contextCache = { keys, value: shellContextOf(state) }
  return contextCache.value
}
const context: Selector<object, ShellContext> = (state) => contextOf(state)

const routeMemo = memo((path: string, plugins: NavigationState['pluginRoutes']) => findRoute(path, plugins))
const route: Selector<object, RouteMatch | undefined> = (state) =>
  routeMemo(state.navigation.location.path, state.navigation.pluginRoutes)

export interface Sidebars {
  readonly kinds: readonly [SidebarKind, SidebarKind]
  readonly active: SidebarKind
  readonly collapsed: boolean
  readonly items: Readonly<Record<SidebarKind, ReadonlyArray<VisibleItem>>>
}

const sidebarsMemo = memo(
  (platform: unknown, session: unknown, nav: NavigationState, ctx: ShellContext): Sidebars => {
    void platform
    void session
    return {
      kinds: sidebarKinds(ctx),
      active: shownSidebar(nav.sidebar, ctx),
      collapsed: nav.sidebarCollapsed,
      items: {
        application: sidebarItems('application', ctx),
        administration: sidebarItems('administration', ctx),
        projectSettings: sidebarItems('projectSettings', ctx),
      },
    }
  },
)
const sidebars: Selector<object, Sidebars> = (state) =>
  sidebarsMemo(state.platform, state.session, state.navigation, contextOf(state))

// Asked on every state change by the document's title; matching the route table each time
// was most of a cold load's query time, so it is matched again only when its inputs change.
const titleMemo = memo(pageTitle)
const title: Selector<object, string> = (state) =>
  titleMemo(state.navigation.location.path, contextOf(state).serverName, state.navigation.pluginRoutes)

// Queries of the navigation area, named `navigation/Noun`.
export const navigationQueries = {
  'navigation/Location': location,
  'navigation/State': navigation,
  'navigation/Context': context,
  'navigation/Route': route,
  'navigation/Sidebars': sidebars,
  'navigation/Title': title,
} satisfies QueryTable
