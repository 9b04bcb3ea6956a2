/**
 * A route of the shell as plain data (spec 000 section 2), and the two ways the routes are written:
 * each area declares its own (`domain/<area>/routes.ts`), and domain/navigation/routes.ts gathers
 * them (domain/routes.gen.ts, written by `npm run areas`) with the shell's own.
 */

export type SidebarKind = 'application' | 'administration' | 'projectSettings'

export interface RouteDef<A extends string = string> {
  /** Route name (e.g. `projects.overview`); public routes are recognised by name. */
  readonly name: string
  /** Path relative to the `/ui` base, in wouter's pattern syntax. */
  readonly pattern: string
  readonly title?: string
  /** `bare`: no chrome (the login family); `main`: top bar and sidebars. */
  readonly layout: 'bare' | 'main'
  readonly area: A
  /** Which sidebar is active on this route; the sidebar mode follows the route. */
  readonly sidebar?: SidebarKind
  /** Anonymous users may open it (the login family); the sign-in guard lets it pass. */
  readonly public?: boolean
  readonly adminOnly?: boolean
  /** Reachable only when this feature flag is on; otherwise navigation is cancelled. */
  readonly feature?: string
  /** A base path that only forwards to another one. */
  readonly redirectTo?: string
  /** Resets the selected project (project context) when visited. */
  readonly resetsProject?: boolean
  /** A plugin's (micro-frontend's) order among the plugins: lower is matched first. */
  readonly order?: number
}

/** A page of the main layout, under the application sidebar. */
export const app = <A extends string>(
  name: string,
  pattern: string,
  title: string | undefined,
  area: A,
  extra: Partial<RouteDef<A>> = {},
): RouteDef<A> => ({
  name,
  pattern,
  ...(title === undefined ? {} : { title }),
  layout: 'main',
  area,
  sidebar: 'application',
  ...extra,
})

/** A page of the administration, for admins only. */
export const admin = <A extends string>(
  name: string,
  pattern: string,
  title: string | undefined,
  area: A,
  extra: Partial<RouteDef<A>> = {},
): RouteDef<A> => ({
  ...app(name, pattern, title, area),
  sidebar: 'administration',
  adminOnly: true,
  // Platform-wide settings are not a project's: opening one leaves the project context.
  resetsProject: true,
  ...extra,
})
