/**
 * Every area of the console as the browser composes it, in the order of domain/app.ts (the
 * order their `evolve` runs in, and their policies). The bus's registry and effects, the API
 * ports and the router's screens are derived from this list (ui/areaManifest.ts). The list is
 * written from areas.list.ts by `npm run areas`: each area's `ui/<area>/manifest.ts`, the areas
 * without screens of their own (the bus, start-up, preferences) included.
 */
export { areaManifests } from './areas.gen'
