/**
 * The search the packages list shows, from the page's query string. The router asks for it as
 * soon as the route is known (the area's first intent, ui/packages/manifest.ts), while the chrome
 * and the list are still loading and rendering; the list shows it; the platform answers its first
 * page with a signed-in user's page (listRead.ts). One function, so all three mean the same search.
 */
import { packageQueryOf } from './packageQuery'
import { searchModelFromQuery, type SearchModel } from './model'
import type { PackageQuery } from '../packages'
import { scannerAnswers, type PlatformState } from '../platform'

export const releaseOnlyOf = (search: string): boolean => new URLSearchParams(search).get('rel') === '1'

/**
 * `scanner`: whether the platform's scanner gives packages their severities (`scannerAnswers`).
 * Without one the severity filter is hidden, and a link's severities (`sev`) filter nothing: no
 * package has one, so they would only empty the list.
 */
export function listQueryOf(
  search: string,
  scanner: boolean,
  model: SearchModel = searchModelFromQuery(search),
): PackageQuery | null {
  const shown = scanner || model.severities.length === 0 ? model : { ...model, severities: [] }
  return packageQueryOf(shown, { releaseOnly: releaseOnlyOf(search) })
}

/**
 * The list's search for the router, which asks for it before the list has rendered
 * (ui/routes.tsx), maybe before start-up's first answers: until they say whether a scanner gives
 * packages their severities, a link's severities stand (the list asks again if they must not).
 * Here, not with the list's view: the router's request then waits for the area's core file only,
 * not for its screen's (vite.config.ts packagesCore).
 */
export const firstListQuery = (search: string, platform: PlatformState): PackageQuery | null =>
  listQueryOf(search, platform.version === null || scannerAnswers(platform))
