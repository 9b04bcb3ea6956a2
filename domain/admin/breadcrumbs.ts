import { findRoute, isAdminPath, sidebarGroupOf, under } from '../navigation'
import { adminMenuGroups } from './menu'

/**
 * The breadcrumb trail of an Administration page, read from its path alone: Administration
 * (the grid of every admin page), the grid's group the page is in, the page, then the item
 * opened on it (a user, a proxy, a repository). Each page once set its own trail, and most set
 * none; one trail from the route gives every admin page the same one.
 */
export interface Crumb {
  readonly label: string
  /** Where it leads, as a console path; none for the page shown, nor for a group without a page. */
  readonly href?: string
}

/** The grid of every admin page: the root of each trail. */
export const ADMIN_MENU_PATH = '/admin/artifactory/list'

// Spec 000 section 2 gives General Settings its trail by name; the grid would say
// Platform Configurations › General Settings.
const NAMED_TRAILS: Readonly<Record<string, ReadonlyArray<string>>> = {
  '/admin/configuration/general': ['Platform Configurations', 'Platform Management', 'General Settings'],
}

// Admin pages the grid lists by another address (the catalogue's admin view is its Integrations;
// the security section's own address shows its General page).
const GRID_ADDRESS: Readonly<Record<string, string>> = {
  '/admin/configuration/integrations': '/integrations',
  '/admin/configuration/security': '/admin/configuration/security/general',
}

// Groups of the grid that have a page of their own, which their crumb leads to: the list of
// every repository the three New pages add to, and the page whose tabs the security pages are.
const GROUP_PAGES: Readonly<Record<string, string>> = {
  Repositories: '/repos',
  'Security Settings': '/admin/configuration/security/general',
}

// Pages whose route title is their list's (a new permission's page is titled Permissions).
const PAGE_LABELS: Readonly<Record<string, string>> = {
  'permissions.create': 'New Permission',
}

// Every item of the grid, with its group, whatever the licence, flavour and services: a trail
// names where a page is, and the page's own guard decides whether it opens.
const GRID_ITEMS = adminMenuGroups({ licenseNA: false, cloud: false, services: ['xray'] }).flatMap((g) =>
  g.items.map((i) => ({ group: g.title, title: i.title, href: i.href })),
)

const segments = (path: string) => path.split('/').filter(Boolean)

/** How many leading segments two paths share. */
function sharedSegments(a: string, b: string): number {
  const x = segments(a)
  const y = segments(b)
  let n = 0
  while (n < x.length && n < y.length && x[n] === y[n]) n++
  return n
}

/** The part of the console a list page heads: a list at `…/list` has its pages beside it. */
const sectionOf = (href: string) => href.replace(/\/list$/, '')

/** The trail of an Administration page, or undefined for a path that is none (or only forwards). */
export function adminTrail(path: string): ReadonlyArray<Crumb> | undefined {
  const match = findRoute(path)
  if (!isAdminPath(path) || match === undefined || match.route.redirectTo !== undefined) return undefined
  if (path === ADMIN_MENU_PATH) return [{ label: 'Administration' }]
  const root: Crumb = { label: 'Administration', href: ADMIN_MENU_PATH }
  const named = NAMED_TRAILS[path]
  if (named) return [root, ...named.map((label) => ({ label }))]
  const title = PAGE_LABELS[match.route.name] ?? match.route.title ?? ''
  const address = GRID_ADDRESS[path] ?? path
  // The page: the grid's item whose part of the console the path is in (the longest).
  const page = GRID_ITEMS.filter((i) => under(address, sectionOf(i.href))).sort(
    (a, b) => sectionOf(b.href).length - sectionOf(a.href).length,
  )[0]
  // A page the grid does not list is in the group of the item nearest to it (beyond /admin).
  const nearest = GRID_ITEMS.reduce<{ readonly group?: string; readonly shared: number }>(
    (best, i) => {
      const shared = sharedSegments(path, i.href)
      return shared > best.shared ? { group: i.group, shared } : best
    },
    { shared: 1 },
  )
  const group = page?.group ?? nearest.group
  const opened = Object.values(match.params).filter((v) => v !== '')
  const item: ReadonlyArray<Crumb> = opened.length > 0 ? [{ label: opened.join('/') }] : []
  const groupPage = group === undefined ? undefined : GROUP_PAGES[group]
  const groupCrumb = (label: string): Crumb =>
    groupPage === undefined || groupPage === address ? { label } : { label, href: groupPage }
  // The sidebar's group comes first where the grid's is one of its pages (Security Settings is a
  // page of Platform Configurations): a page is in one place, the sidebar's, in both.
  const section = sidebarGroupOf(path)
  const groups: Crumb[] = group === undefined ? [] : [groupCrumb(group)]
  const trail: Crumb[] = [
    root,
    ...(section !== undefined && section !== group ? [{ label: section }] : []),
    ...groups,
  ]
  if (page === undefined) return [...trail, { label: title }, ...item]
  if (address === page.href || address === sectionOf(page.href)) return [...trail, { label: page.title }]
  return [...trail, { label: page.title, href: page.href }, ...(item.length > 0 ? item : [{ label: title }])]
}
