/**
 * A route's code asked for before the route is: the chrome, the area's screen, and what its first
 * intent needs (the area's domain, effects and API client). Signing in waited for the password's
 * check, then for start-up, and only then asked for the landing's chain of chunks, whose first
 * request could not start until they had come (a sign-in's request log showed ~300 ms of chunks
 * between start-up's last answer and the list's request). Asked while the password is checked,
 * they are in by the time the route settles. Loading code only: nothing is rendered or dispatched.
 */
import { findRoute } from '../domain/navigation/routes'
import { PACKAGES_PATH } from '../domain/navigation/landing'
import { withoutBase } from '../domain/session/redirect'
import { areaManifests } from './areas'

const ignore = () => undefined

export function preloadRoute(path: string): void {
  const match = findRoute(path.split(/[?#]/, 1)[0] ?? path)
  if (!match) return
  if (match.route.layout !== 'bare') import('./layout/MainLayout').catch(ignore)
  const manifest = areaManifests.find((a) => a.key === match.route.area)
  manifest?.screen?.().catch(ignore)
  manifest?.firstIntent?.().catch(ignore)
}

/**
 * Where a sign-in most likely leads, for its code only (the session's rules decide where it
 * does lead): the console page it was asked to return to, else the packages list, the landing
 * of a user who is not an administrator. A wrong guess costs chunks fetched early, nothing more.
 */
export function likelyLanding(redirectTo: string | undefined): string {
  // A path outside the console's base comes back from withoutBase as it was.
  const inConsole = redirectTo === undefined ? undefined : withoutBase(redirectTo)
  return inConsole === undefined || inConsole === redirectTo ? PACKAGES_PATH : inConsole
}
