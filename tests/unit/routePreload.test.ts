/**
 * Signing in asks for the landing's code while the password is checked (ui/routePreload.ts):
 * the route's screen and what its first intent needs, from its area's manifest.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { likelyLanding, preloadRoute, preloadSignIn } from '../../ui/routePreload'
import { deferred, lazyAreaEffects } from '../../commands/browserApp'
import { initialGettingStartedState } from '../../domain/gettingStarted/types'
import type { AreaManifest } from '../../ui/areaManifest'
import { areaManifests } from '../../ui/areas'

const manifest = (key: string) => {
  const found = areaManifests.find((a) => a.key === key)
  if (!found) throw new Error(`no manifest for ${key}`)
  return found
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('likelyLanding', () => {
  it('is the console page a sign-in was asked to return to', () => {
    expect(likelyLanding('/ui/builds')).toBe('/builds')
    expect(likelyLanding('/ui/packages?q=react')).toBe('/packages?q=react')
    expect(likelyLanding('/ui')).toBe('/')
  })

  it('is the packages list otherwise, never an address outside the console', () => {
    expect(likelyLanding(undefined)).toBe('/packages')
    expect(likelyLanding('https://evil.example/ui/builds')).toBe('/packages')
    expect(likelyLanding('//evil.example/ui/builds')).toBe('/packages')
    expect(likelyLanding('/uix/builds')).toBe('/packages')
  })
})

describe('preloadRoute', () => {
  it("asks for the route's screen and its first intent's code, and renders nothing", async () => {
    const packages = manifest('packages')
    const screen = vi.spyOn(packages, 'screen' as never)
    const firstIntent = vi.spyOn(packages, 'firstIntent' as never)
    preloadRoute('/packages?q=react')
    expect(screen).toHaveBeenCalledOnce()
    expect(firstIntent).toHaveBeenCalledOnce()
  })

  it('asks for nothing for a path no route matches', () => {
    const spies = areaManifests.flatMap((a) => [
      ...(a.screen ? [vi.spyOn(a, 'screen' as never)] : []),
      ...(a.firstIntent ? [vi.spyOn(a, 'firstIntent' as never)] : []),
    ])
    preloadRoute('/no/such/page/at/all')
    for (const spy of spies) expect(spy).not.toHaveBeenCalled()
  })
})

describe('preloadSignIn', () => {
  it("asks for the landing's code and the getting-started area's decider and effects, and runs none", () => {
    const domainLoads: string[] = []
    const effectLoads: string[] = []
    const area = (key: string): AreaManifest => ({
      key,
      domain: deferred('gettingStarted', initialGettingStartedState, () => {
        domainLoads.push(key)
        return new Promise(() => undefined)
      }),
      effects: lazyAreaEffects(key, () => {
        effectLoads.push(key)
        return new Promise(() => undefined)
      }),
    })
    const packages = manifest('packages')
    const screen = vi.spyOn(packages, 'screen' as never)
    preloadSignIn('/packages', [area('gettingStarted'), area('personalization'), area('admin')])
    expect(screen).toHaveBeenCalledOnce()
    // The check after login follows every sign-in; an area the landing does not need waits.
    expect(domainLoads).toEqual(['gettingStarted'])
    expect(effectLoads).toEqual(['gettingStarted'])
  })
})
