/**
 * The domain as a library (`import { search, packages } from 'artifact-console/domain'`):
 * each area's rules, types, codecs and events under its name, and the whole app's decide and
 * evolve, event specs and replay. Everything here is pure: it runs in Node, in a browser or
 * in a script as it is. The API report (docs/api/domain.api.txt) lists what it exports; a
 * test fails when that changes unnoticed (`npm run api-report` writes it anew).
 */
export * as admin from './admin'
export * as artifacts from './artifacts'
export * as builds from './builds'
export * as overview from './overview'
export * as bus from './bus'
export * as debug from './debug'
export * as integrations from './integrations'
export * as xray from './xray'
export * as navigation from './navigation'
export * as tour from './tour'
export * as preferences from './preferences'
export * as notifications from './notifications'
export * as personalization from './personalization'
export * as gettingStarted from './gettingStarted'
export * as contact from './contact'
export * as quickSetup from './quickSetup'
export * as setMeUp from './setMeUp'
export * as education from './education'
export * as packageTypes from './packageTypes'
export * as packages from './packages'
export * as platform from './platform'
export * as releaseBundles from './releaseBundles'
export * as repositories from './repositories'
export * as security from './security'
export * as search from './search'
export * as serviceStatus from './serviceStatus'
export * as session from './session'
export * as supportBundles from './supportBundles'
export * as tokens from './tokens'
export {
  areas,
  eagerAreas,
  eventSpecs,
  initialAppState,
  type AppCommand,
  type AppEvent,
  type AppState,
  type AreaKey,
} from './app'
export {
  createLineReplay,
  decodeEventLine,
  replayLog,
  upcast,
  type ReplayOptions,
  type ReplayResult,
} from './log'
export { redactLog, type RedactOptions } from './debug/redact'
export { canonicalJson, stateHash } from './shared/canonical'
export { buildInfo, compareVersions, type BuildInfo } from './build'
