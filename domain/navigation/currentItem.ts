/**
 * Which sidebar item shows as current (aria-current) on a path: the item the path falls under.
 * A page under no item of its sidebar takes the item it belongs to, by a prefix alias:
 * - /security_policies, where the Security and Compliance teaser redirects once the scanner is
 *   licensed (spec 000 section 6): the item the user chose;
 * - the distribution teaser: Distribution, the product it introduces;
 * - the user management pages under no item of their own (global roles, access tokens): Users,
 *   the first item of their group, whose tabs they share;
 * - an Administration page under no item of that sidebar (the repository editors…): All settings,
 *   the admin menu grid that lists it (section 2).
 * The sidebar's view alone asks for it, so it loads with the main layout, not the login page.
 */
import { under, type MenuItem } from './menus'

const ALIASES: ReadonlyArray<readonly [prefix: string, href: string]> = [
  ['/security_policies', '/security-and-compliance-teaser'],
  ['/distribution-teaser', '/distribution'],
  ['/admin/management', '/admin/management/users'],
  ['/admin', '/admin/artifactory/list'],
]

export function currentItem<T extends MenuItem>(path: string, items: ReadonlyArray<T>): T | undefined {
  const alias = ALIASES.find(([prefix]) => under(path, prefix))
  return items.find((i) => under(path, i.href)) ?? items.find((i) => i.href === alias?.[1])
}
