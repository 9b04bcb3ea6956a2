/**
 * Writes each layer's list of areas from the one list (areas.list.ts) and the folders each area
 * has, so adding an area is its folders and one line there:
 *
 *   domain/areas.gen.ts    the domain's areas (`domain/<area>/decider.ts`, else its index), in order
 *   ui/areas.gen.ts        the browser's manifests (`ui/<area>/manifest.ts`), in order
 *   queries/areas.gen.ts   the query table (`queries/<area>.ts`)
 *   domain/routes.gen.ts   the routes (`<area>Routes` of `domain/<area>/routes.ts`), and `RoutedArea`
 *   adapters/ports/areas.gen.ts  the API ports (`adapters/ports/<area>.ts`'s `<Area>Api`), as `AreaApis`
 *
 *   npm run areas            writes the files
 *   npm run areas -- --check exits 1 when a file is not what the list says (a unit test runs it)
 *
 * Each file imports only its own layer, so the layers' import rules hold: the domain never
 * imports ui/, and commands/ never imports the manifests.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { writeGenerated } from './generated'
import { areaList } from '../areas.list'

const root = resolve(import.meta.dirname, '..')
const at = (...parts: string[]) => join(root, ...parts)
const header =
  '// Written by `npm run areas` from areas.list.ts: do not edit (a unit test checks it is current).\n'

const missing = (what: string, area: string) => {
  throw new Error(`areas.list.ts names ${area}, which has no ${what}`)
}

function domainAreas(): string {
  const imports = areaList.map((area) => {
    const from = existsSync(at('domain', area, 'decider.ts'))
      ? `./${area}/decider`
      : existsSync(at('domain', area, 'index.ts'))
        ? `./${area}`
        : missing(`domain/${area}/decider.ts or index.ts`, area)
    return `import { ${area}Area } from '${from}'\n`
  })
  return (
    header +
    imports.join('') +
    '\n/** Every area, in the order their `evolve` runs for each event (and their policies). */\n' +
    `export const sliceAreas = [${areaList.map((a) => `${a}Area`).join(', ')}] as const\n`
  )
}

function uiManifests(): string {
  const imports = areaList.map((area) => {
    if (!existsSync(at('ui', area, 'manifest.ts'))) missing(`ui/${area}/manifest.ts`, area)
    return `import { ${area}Manifest } from './${area}/manifest'\n`
  })
  return (
    header +
    "import type { AreaManifest } from './areaManifest'\n" +
    imports.join('') +
    '\n/** Every area as the browser composes it, in the order of the domain\u2019s. */\n' +
    `export const areaManifests: ReadonlyArray<AreaManifest> = [${areaList.map((a) => `${a}Manifest`).join(', ')}]\n`
  )
}

function queryTable(): string {
  const withQueries = areaList.filter((area) => existsSync(at('queries', `${area}.ts`)))
  return (
    header +
    withQueries.map((area) => `import { ${area}Queries } from './${area}'\n`).join('') +
    '\n/** Every area\u2019s queries, by name. */\n' +
    `export const queryTable = { ${withQueries.map((a) => `...${a}Queries`).join(', ')} }\n`
  )
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

function apiPorts(): string {
  const withApi = areaList.filter((area) => existsSync(at('adapters', 'ports', `${area}.ts`)))
  return (
    header +
    withApi.map((area) => `import type { ${capital(area)}Api } from './${area}'\n`).join('') +
    '\n' +
    withApi.map((area) => `export type * from './${area}'\n`).join('') +
    '\n/** Each area\u2019s API port, under its area\u2019s name (`Ports` in adapters/ports.ts has them all). */\n' +
    `export interface AreaApis {\n${withApi.map((a) => `  readonly ${a}Api: ${capital(a)}Api\n`).join('')}}\n`
  )
}

function routes(): string {
  // The navigation area's routes.ts is the registry that gathers the others: an area declares
  // routes when its routes.ts exports `<area>Routes`.
  const declares = (area: string) => {
    const file = at('domain', area, 'routes.ts')
    return existsSync(file) && readFileSync(file, 'utf8').includes(`export const ${area}Routes`)
  }
  const withRoutes = areaList.filter(declares)
  return (
    header +
    "import type { RouteDef } from './shared/routes'\n" +
    withRoutes.map((area) => `import { ${area}Routes } from './${area}/routes'\n`).join('') +
    '\n/** The areas that declare routes: a route is drawn by its area\u2019s screen. */\n' +
    `export type RoutedArea = ${withRoutes.map((a) => `'${a}'`).join(' | ')}\n` +
    '\n/** Every area\u2019s routes, in the order of the list (the first that matches a path wins). */\n' +
    `export const areaRoutes: ReadonlyArray<RouteDef<RoutedArea>> = [${withRoutes.map((a) => `...${a}Routes`).join(', ')}]\n`
  )
}

const files: ReadonlyArray<readonly [string, string]> = [
  [at('domain', 'areas.gen.ts'), domainAreas()],
  [at('ui', 'areas.gen.ts'), uiManifests()],
  [at('queries', 'areas.gen.ts'), queryTable()],
  [at('domain', 'routes.gen.ts'), routes()],
  [at('adapters', 'ports', 'areas.gen.ts'), apiPorts()],
]

await writeGenerated(root, files, 'npm run areas')
