import type { Selector } from './types'
import { hasFeature, type PlatformState } from '../domain/platform'

// Queries of the platform area, named `platform/Noun`.
const platform: Selector<object, PlatformState> = (state) => state.platform
const feature: Selector<{ readonly name: string }, boolean> = (state, q) => hasFeature(state.platform, q.name)
const ready: Selector<object, boolean> = (state) => state.platform.initialDataFetched
const loading: Selector<object, boolean> = (state) => state.platform.loading
const serverName: Selector<object, string> = (state) => state.platform.footer?.serverName ?? ''

export const platformQueries = {
  'platform/State': platform,
  'platform/Feature': feature,
  'platform/Ready': ready,
  'platform/Loading': loading,
  'platform/ServerName': serverName,
}
