// @vitest-environment jsdom
/**
 * The areas' manifests (ui/areas.ts) are the browser's one list of areas: the bus's registry,
 * the effects, the API ports and the router's screens are derived from it, so what it leaves
 * out the browser does not run; Node's effects and script ports are derived from it too
 * (composition/), and domain/app.ts names every area.
 * In a DOM: the browser's ports read the page (the start-up answers it carries).
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { areaManifests } from '../../ui/areas'
import { areas } from '../../domain/app'
import { shellRoutes } from '../../domain/navigation/routes'
import { createBrowserPorts } from '../../adapters/browser/browserPorts'
import { createScriptPorts } from '../../composition/scriptPorts'
import type { PartName } from '../../ui/shared/parts'
import { allEffects } from '../../composition/createApp'
import type { EffectTable } from '../../commands/effects/types'

describe('the areas’ manifests', () => {
  it('name every area of the app, in its order', () => {
    const keyOf = (domain: NonNullable<(typeof areaManifests)[number]['domain']>) =>
      'later' in domain ? domain.area.key : domain.key
    expect(areaManifests.flatMap((a) => (a.domain ? [keyOf(a.domain)] : []))).toEqual(areas.map((a) => a.key))
    expect(areaManifests.map((a) => a.key)).toEqual(areas.map((a) => a.key))
  })

  // The ports are derived from the manifests, typed `Partial<Ports>` each: the members that
  // adapters/ports.ts declares (the areas' API ports among them, adapters/ports/areas.gen.ts)
  // are what the type checker cannot see is complete.
  it('give the browser and Node every port that Ports declares', () => {
    const members = (file: string, name: string) => {
      const body = new RegExp(`export interface ${name} (?:extends \\w+ )?\\{([^}]*)\\}`).exec(
        readFileSync(file, 'utf8'),
      )?.[1]
      return [...(body ?? '').matchAll(/readonly (\w+):/g)].map((m) => m[1])
    }
    const apis = members('adapters/ports/areas.gen.ts', 'AreaApis')
    expect(apis.length).toBeGreaterThan(20)
    const declared = [...members('adapters/ports.ts', 'Ports'), ...apis].sort()
    expect(declared.length).toBeGreaterThan(20)
    const browser = createBrowserPorts(areaManifests.flatMap((a) => (a.ports ? [a.ports] : [])))
    const {
      visited: _visited,
      downloads: _downloads,
      ...script
    } = createScriptPorts({
      platformUrl: 'http://127.0.0.1:9',
    })
    expect(Object.keys(browser).sort()).toEqual(declared)
    expect(Object.keys(script).sort()).toEqual(declared)
  })

  // What a manifest leaves out the browser does not run, and nothing else says so: an effects
  // module no manifest names never starts, and a screen no route names is never drawn.
  it('start every effect an effects module exports', async () => {
    const modules = import.meta.glob<Record<string, unknown>>('../../commands/effects/*.ts')
    const exported: Array<[string, unknown]> = []
    for (const [file, load] of Object.entries(modules))
      for (const [name, table] of Object.entries(await load()))
        if (/Effects$/.test(name) && typeof table === 'object' && table !== null)
          for (const [effect, run] of Object.entries(table as EffectTable))
            exported.push([`${file.replace(/^.*\//, '')} ${name}.${effect}`, run])
    expect(exported.length).toBeGreaterThan(40)
    const started = new Set(Object.values(allEffects))
    expect(exported.filter(([, run]) => !started.has(run as never)).map(([name]) => name)).toEqual([])
  })

  it('serve every screen a manifest names on a route', () => {
    const routed = new Set<string>(shellRoutes.map((r) => r.area))
    expect(areaManifests.filter((a) => a.screen && !routed.has(a.key)).map((a) => a.key)).toEqual([])
  })

  it('give every route a screen', () => {
    const screens = new Set(areaManifests.flatMap((a) => (a.screen ? [a.key] : [])))
    const shell = new Set(['errors', 'shell', 'plugin'])
    const missing = shellRoutes.filter((r) => !shell.has(r.area) && !screens.has(r.area)).map((r) => r.name)
    expect(missing).toEqual([])
  })
})

// A piece one area lends another's screen (ui/shared/parts.tsx) reaches that screen only if the
// lending area's manifest names it: a piece no manifest names draws nothing, silently.
// Every name screens ask for; a Record so a new name added to PartProps must be listed here.
const EVERY_PART: Readonly<Record<PartName, true>> = {
  'profile/tokens': true,
  'gettingStarted/personalization': true,
  'shell/gettingStarted': true,
  'shell/quickSetup': true,
}

describe('the pieces areas lend each other', () => {
  it.each(Object.keys(EVERY_PART) as PartName[])('%s is lent by exactly one manifest', (name) => {
    expect(areaManifests.filter((m) => m.parts?.[name] !== undefined).map((m) => m.key)).toHaveLength(1)
  })
})
