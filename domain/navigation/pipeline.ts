/**
 * The navigation pipeline (spec 000 section 4, "On every navigation, in order") as one pure
 * decision: given the context and a target, allow it, redirect, deny, or defer until the
 * start-up data is there. Redirects run through the pipeline again, with a hop limit and a
 * visited set so that no pair of rules can loop.
 */
import { feature, isLightweight, isTour, type ShellContext } from './context'
import { distributionRedirect, distributionTabOf } from './distribution'
import { homeRedirect, LICENSES_PATH, LIGHTWEIGHT_FALLBACK_PATH, defaultLanding } from './landing'
import { menuBlock, unlicensedTeaserPath } from './menus'
import { findRoute, NOT_FOUND_PATH, PUBLIC_ROUTE_NAMES, type RouteMatch } from './routes'
import type { Location, NavigationState } from './types'
import { isUserRouteRedirectVisit } from './userRoute'
import { CONTACT_US_QUERY_KEY } from '../shared/queryKeys'
import { NO_LICENCE_ERROR, UI_BLOCKED_ERROR } from '../session'

export interface Target extends Location {
  readonly match?: RouteMatch
}

export type Step =
  | { readonly kind: 'allow' }
  | { readonly kind: 'redirect'; readonly to: string; readonly reason: string; readonly notify?: boolean }
  | { readonly kind: 'deny'; readonly reason: string; readonly notify?: boolean }
  | { readonly kind: 'defer' }

/** A decision of the login family's own guard (domain/session): undefined lets the path pass. */
export type LoginGuard = (path: string, query: string) => Step | undefined

const SCANNER_LICENSES: ReadonlySet<string> = new Set([
  'Enterprise+',
  'Enterprise',
  'Enterprise Plus',
  'Pro X',
])
/** Whether the licence type includes the security scanner (its pages open instead of the teaser). */
export const scannerLicensed = (licenseType: string): boolean => SCANNER_LICENSES.has(licenseType)
const TOUR_DEMO_PREFIX = '/demo/admin'
const MAX_HOPS = 6
const ORIGIN = 'http://console.invalid'

/**
 * Parses a navigation target (a path under the `/ui` base, with or without the base, with an
 * optional query and hash) into a location. Anything that leaves the origin is refused
 * (undefined). Old hash links are rewritten: `#/builds…` to `/builds…?jenkinsRedirect=true`,
 * any other `#/path` to `/path`.
 */
export function parseTarget(to: string): Location | undefined {
  const text = to.trim()
  // Control characters and backslashes are how browsers get talked into leaving the origin.
  if (text === '' || [...text].some((c) => c.charCodeAt(0) < 0x20 || c === '\\')) return undefined
  if (!text.startsWith('/') && !text.startsWith('#')) return undefined
  if (text.startsWith('//')) return undefined
  let url: URL
  try {
    url = new URL(text, `${ORIGIN}/`)
  } catch {
    return undefined
  }
  if (url.origin !== ORIGIN) return undefined
  let path = url.pathname
  let params = new URLSearchParams(url.search)
  if (url.hash.startsWith('#/')) {
    const inner = new URL(url.hash.slice(1), `${ORIGIN}/`)
    if (inner.origin !== ORIGIN) return undefined
    path = inner.pathname
    params = new URLSearchParams(inner.search)
    if (path === '/builds' || path.startsWith('/builds/')) params.set('jenkinsRedirect', 'true')
  }
  if (path === '/ui' || path.startsWith('/ui/')) path = path.slice(3)
  path = `/${path.split('/').filter(Boolean).join('/')}`
  const query = params.toString()
  return { path, query: query ? `?${query}` : '' }
}

export const locationText = (l: Location) => `${l.path}${l.query}`

const queryHas = (query: string, key: string) => new URLSearchParams(query).has(key)

/** One step of the pipeline for one target, in the specification's order. */
export function guardStep(
  ctx: ShellContext,
  nav: NavigationState,
  target: Location,
  loginGuard?: LoginGuard,
): Step {
  const { path, query } = target
  if (path === '/' || path === '/home') {
    // The landing follows the user kind, unknown until someone signs in: an anonymous visitor
    // without anonymous access goes to login from here, not from the anonymous landing (which
    // would then be kept as the page to come back to, and an admin would land on packages).
    if (!ctx.signedIn && (!ctx.initialDataFetched || !ctx.anonymousAccessAllowed))
      return ctx.startupSettled ? signIn(ctx) : { kind: 'defer' }
    return { kind: 'redirect', to: homeRedirect(ctx, nav), reason: 'home redirects by context' }
  }
  const match = findRoute(path, nav.pluginRoutes)
  if (!match) return { kind: 'redirect', to: NOT_FOUND_PATH, reason: 'unknown path' }
  const { route } = match
  if (route.redirectTo) return { kind: 'redirect', to: route.redirectTo, reason: 'base path' }
  // The 500 page opened directly (no previous route) has nothing to report: go home.
  if (route.name === 'serverError' && nav.navigations === 0)
    return { kind: 'redirect', to: '/', reason: '500 opened directly' }

  // The login family: its own guard (session rules) decides, the shell guards do not apply.
  if (route.public || PUBLIC_ROUTE_NAMES.has(route.name))
    return loginGuard?.(path, query) ?? { kind: 'allow' }

  // App started and initial data fetched once: until then the navigation waits.
  if (!ctx.startupSettled) return { kind: 'defer' }

  // Anonymous users: to login (with a not-authorized error) unless anonymous access is allowed.
  if (!ctx.signedIn && !ctx.anonymousAccessAllowed) return signIn(ctx, true)
  // UI access blocked: to the login page, which says why; a signed-in user is signed out there
  // (the logout flag), since the login guard sends a signed-in user back to the landing.
  if (ctx.uiAccessBlocked)
    return redirect(
      `/login?error=${UI_BLOCKED_ERROR}${ctx.signedIn ? '&logout=true' : ''}`,
      'UI access is blocked',
    )
  if (ctx.licenseMissing) {
    if (ctx.admin) return path === LICENSES_PATH ? { kind: 'allow' } : redirect(LICENSES_PATH, 'no licence')
    return redirect(`/login?error=${NO_LICENCE_ERROR}&logout=true`, 'no licence')
  }

  if (route.feature && !feature(ctx, route.feature))
    return { kind: 'deny', reason: `feature ${route.feature} is not supported` }

  // Tour: a non-admin opening an admin path sees the same path under the demo teaser.
  if (isTour(ctx) && !ctx.admin && route.adminOnly)
    return redirect(
      `${TOUR_DEMO_PREFIX}${path.slice('/admin'.length)}`,
      'tour non-admin sees the admin teaser',
    )

  // Route guard: an anonymous visitor could sign in as someone allowed here, so to login (the
  // page asked for is kept for after it), not a refusal.
  if (route.adminOnly && !ctx.signedIn) return redirect('/login', 'route guard: anonymous user')

  const projectRoute = path.startsWith('/admin/projects')
  if (route.adminOnly && !ctx.admin && !(projectRoute && ctx.canAdminProjects))
    return { kind: 'deny', reason: 'admin route', notify: true }
  // Hidden and disabled menu items are enforced for everyone; a project admin counts as an
  // admin only for the project pages (the licence and flavour rules still apply to them).
  const blocked = menuBlock(path, projectRoute && ctx.canAdminProjects ? { ...ctx, admin: true } : ctx)
  if (blocked) {
    // An area the licence does not cover shows its teaser rather than a refusal.
    const teaser = ctx.admin ? unlicensedTeaserPath(path, ctx) : undefined
    if (teaser !== undefined) return redirect(teaser, 'unlicensed area: its teaser')
    return { kind: 'deny', reason: blocked, notify: true }
  }

  // The user route with a redirect flag was redirected once already: not again (no loop).
  if (isUserRouteRedirectVisit(route.name, query))
    return redirect(defaultLanding(ctx), 'user route with a redirect flag: no second redirect')

  // Old bundle paths and a distribution path without its tab: the query goes along (a Release
  // Bundles search arrives as `/distribution?q=<checksum>`).
  const distribution = distributionRedirect(path, distributionTabOf(ctx))
  if (distribution !== null) return redirect(`${distribution}${query}`, 'distribution opens a tab')

  if (
    route.name === 'securityAndComplianceTeaser' &&
    ctx.services.includes('xray') &&
    scannerLicensed(ctx.licenseType)
  )
    return redirect('/security_policies', 'the scanner is licensed')
  return { kind: 'allow' }
}

const redirect = (to: string, reason: string): Step => ({ kind: 'redirect', to, reason })

/**
 * To login. Without anonymous access, a page that was asked for goes there with the
 * not-authorized error (spec 000 section 4) that the login page shows; the console's root is
 * not a page asked for, so it goes to the plain login page.
 */
function signIn(ctx: ShellContext, pageAskedFor = false): Step {
  return ctx.anonymousAccessAllowed
    ? redirect('/login', 'sign-in required')
    : {
        kind: 'redirect',
        to: pageAskedFor ? '/login?error=notAuthorized' : '/login',
        reason: 'not authorized: anonymous access is off',
        notify: false,
      }
}

export interface Hop {
  readonly from: string
  readonly to: string
  readonly reason: string
}

export type Resolution =
  | {
      readonly kind: 'go'
      readonly location: Location
      readonly match: RouteMatch
      readonly hops: ReadonlyArray<Hop>
    }
  | { readonly kind: 'defer'; readonly location: Location; readonly hops: ReadonlyArray<Hop> }
  | {
      readonly kind: 'deny'
      readonly location: Location
      readonly reason: string
      readonly notify: boolean
      readonly hops: ReadonlyArray<Hop>
      /** Where to go instead when there is no current page to stay on (first navigation). */
      readonly fallback?: Location
    }

/** Runs the pipeline from `start` through every redirect to a final decision. */
export function resolveNavigation(
  ctx: ShellContext,
  nav: NavigationState,
  start: Location,
  loginGuard?: LoginGuard,
): Resolution {
  const hops: Hop[] = []
  const seen = new Set<string>()
  let location = start
  for (;;) {
    const key = locationText(location)
    if (seen.has(key) || hops.length >= MAX_HOPS)
      return { kind: 'deny', location, reason: 'redirect loop', notify: false, hops }
    seen.add(key)
    const step = guardStep(ctx, nav, location, loginGuard)
    switch (step.kind) {
      case 'allow': {
        const match = findRoute(location.path, nav.pluginRoutes)
        if (!match) return { kind: 'deny', location, reason: 'unknown path', notify: false, hops }
        return { kind: 'go', location, match, hops }
      }
      case 'defer':
        return { kind: 'defer', location, hops }
      case 'deny': {
        const fallbackPath = isLightweight(ctx) ? LIGHTWEIGHT_FALLBACK_PATH : defaultLanding(ctx)
        const fallback = parseTarget(fallbackPath)
        return {
          kind: 'deny',
          location,
          reason: step.reason,
          notify: step.notify === true,
          hops,
          ...(fallback && !seen.has(locationText(fallback)) ? { fallback } : {}),
        }
      }
      case 'redirect': {
        const next = parseTarget(step.to)
        if (!next)
          return { kind: 'deny', location, reason: `unsafe redirect to ${step.to}`, notify: false, hops }
        hops.push({ from: key, to: locationText(next), reason: step.reason })
        location = next
        break
      }
    }
  }
}

export const hasContactUsContext = (query: string) => queryHas(query, CONTACT_US_QUERY_KEY)
