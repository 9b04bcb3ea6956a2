/**
 * The console's areas, in order: the one list a new area is added to (append it at the end).
 * `npm run areas` (scripts/areas.ts) writes each layer's list from it and from the folders an
 * area has (the domain's areas, the browser's manifests, the queries, the API ports, the routes),
 * so no layer imports another's to learn what the areas are. The order is the order each event's
 * `evolve` runs in, and the areas' policies: the kept logs replay to their hashes in it.
 */
export const areaList = [
  'bus',
  'platform',
  'session',
  'navigation',
  'tour',
  'preferences',
  'notifications',
  'admin',
  'serviceStatus',
  'search',
  'packages',
  'releaseBundles',
  'quickSetup',
  'setMeUp',
  'gettingStarted',
  'contact',
  'personalization',
  'supportBundles',
  'repositories',
  'artifacts',
  'security',
  'builds',
  'overview',
  'integrations',
  'tokens',
  'xray',
  'education',
] as const
