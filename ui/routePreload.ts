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
import { lazyEffectOf } from '../commands/effects/lazy'
import { areaManifests } from './areas'
import type { AreaManifest } from './areaManifest'

const ignore = () => undefined

export function preloadRoute(path: string): void {
  const match = findRoute(path.split(/[?#]/, 1)[0] ?? path)
  if (!match) return
  if (match.route.layout !== 'bare') import('./chrome').catch(ignore)
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

/**
 * Areas whose code start-up asks for after every sign-in, whatever the landing: completing a
 * login starts the app again (spec 000, "Completing login"), and the check after login's
 * command loads the getting-started area's decider, then its effects, one chunk wave after each
 * answer (a sign-in's resource timing: two waves of six files between start-up's answers).
 */
const AFTER_SIGN_IN: ReadonlyArray<string> = ['gettingStarted']

/** An area's domain code and lazily loaded effects, asked for now; nothing is registered or run. */
function preloadAreaCode(manifest: AreaManifest): void {
  const domain = manifest.domain
  if (domain && 'load' in domain) domain.load().catch(ignore)
  for (const effect of Object.values(manifest.effects ?? {})) lazyEffectOf(effect)?.load().catch(ignore)
}

/** What a sign-in asks for while the password is checked: the landing's code and start-up's. */
export function preloadSignIn(path: string, manifests: ReadonlyArray<AreaManifest> = areaManifests): void {
  preloadRoute(path)
  for (const manifest of manifests) if (AFTER_SIGN_IN.includes(manifest.key)) preloadAreaCode(manifest)
}
