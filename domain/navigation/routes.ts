/**
 * The route registry: every route of the shell (spec 000 section 2) as plain data, and a
 * matcher for the same pattern syntax wouter uses (`:name`, `:name?`, trailing `*`), so the
 * guard pipeline and the views agree on which route a path is. Each area declares its routes
 * (`domain/<area>/routes.ts`, gathered by domain/routes.gen.ts). Plugins extend the registry
 * with `navigation/RegisterRoute`; their routes live in `state.navigation.pluginRoutes`.
 */
import { MFE_DEFAULT_ORDER } from '../shared/microFrontends'
import { app, type RouteDef as RouteOf, type SidebarKind } from '../shared/routes'
import { areaRoutes, type RoutedArea } from '../routes.gen'

/**
 * Which lazily loaded chunk (or shell screen) renders a route: an area that declares routes
 * (`domain/<area>/routes.ts`), the error pages, the shell's own pages, or a plugin.
 */
export type RouteArea = RoutedArea | 'errors' | 'shell' | 'plugin'

export type RouteDef = RouteOf<RouteArea>
export type { SidebarKind }

/** The shell's own pages: the error pages and the pages the shell draws itself. */
const shellPages: RouteDef[] = [
  app('notFound', '/404', 'Page Not Found', 'errors'),
  app('notAcceptable', '/406/:requestId', 'Not Acceptable', 'errors'),
  app('serverError', '/500', 'Server Error', 'errors'),
  app('authorization', '/authorization', 'Not Authorized', 'errors'),
  app('getStarted', '/get_started', 'Getting Started', 'shell'),
  app('tourGetStarted', '/tour_get_started', 'Getting Started', 'shell'),
  app('quickSetup', '/quick-setup', 'Quick Setup', 'shell'),
  app('topologyTeaser', '/topology-teaser', 'Topology', 'shell'),
  app('securityAndComplianceTeaser', '/security-and-compliance-teaser', 'Security and Compliance', 'shell'),
  app('pipelinesTeaser', '/pipelines-teaser', 'Pipelines', 'shell'),
  app('template', '/template', 'Template', 'shell', { feature: 'testedCommon' }),
  app('demo', '/demo', 'Demo', 'shell', { feature: 'tested' }),
  app('demo.tree', '/demo/tree', 'Demo', 'shell', { feature: 'tested' }),
  app('demo.greeting', '/demo/typescript/greeting', 'Demo', 'shell', { feature: 'tested' }),
  app('demo.multiMfe', '/demo/multi-mfe-mounting-container', 'Demo', 'shell', { feature: 'tested' }),
]

export const NOT_FOUND_PATH = '/404'

/** Every route: each area's (in the order of areas.list.ts), then the shell's own pages. */
export const shellRoutes: ReadonlyArray<RouteDef> = [...areaRoutes, ...shellPages]

/** Route names the route guard lets pass without a signed-in user. */
export const PUBLIC_ROUTE_NAMES: ReadonlySet<string> = new Set(
  shellRoutes.filter((route) => route.public).map((route) => route.name),
)

export interface RouteMatch {
  readonly route: RouteDef
  readonly params: Readonly<Record<string, string>>
}

/**
 * Matches `path` against a wouter-style pattern. Segments are compared literally (no
 * regular expression is ever built from a path), `:name?` may be absent, and a trailing
 * `*` (or `*?`) takes the rest of the path.
 */
export function matchPattern(pattern: string, path: string): Readonly<Record<string, string>> | null {
  const want = pattern.split('/').filter(Boolean)
  const have = path.split('/').filter(Boolean)
  const params: Record<string, string> = {}
  let i = 0
  for (let w = 0; w < want.length; w++) {
    const part = want[w] as string
    if (part === '*' || part === '*?') {
      const rest = have.slice(i)
      if (part === '*' && rest.length === 0) return null
      params['*'] = rest.join('/')
      return params
    }
    const segment = have[i]
    if (part.startsWith(':')) {
      const optional = part.endsWith('?')
      const name = part.slice(1, optional ? -1 : undefined)
      if (segment === undefined) {
        if (optional) continue
        return null
      }
      params[name] = safeDecode(segment)
      i++
      continue
    }
    if (segment !== part) return null
    i++
  }
  return i === have.length ? params : null
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** The first route (plugins' after the shell's) that matches `path`, or undefined for a 404. */
export function findRoute(path: string, plugins: ReadonlyArray<RouteDef> = []): RouteMatch | undefined {
  // Plugins by their order (the micro-frontend default when they name none), then as registered.
  const ordered = [...plugins].sort((a, b) => (a.order ?? MFE_DEFAULT_ORDER) - (b.order ?? MFE_DEFAULT_ORDER))
  for (const route of [...shellRoutes, ...ordered]) {
    const params = matchPattern(route.pattern, path)
    if (params) return { route, params }
  }
  return undefined
}

export const isAdminPath = (path: string): boolean => path === '/admin' || path.startsWith('/admin/')

export const isLoginFamilyPath = (path: string): boolean => {
  const match = findRoute(path)
  return match !== undefined && match.route.area === 'session' && match.route.layout === 'bare'
}
