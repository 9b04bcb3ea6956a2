import type { QueryTable, Selector } from './types'
import { navigationTypeOf, type NavigationType, type PreferencesState } from '../domain/preferences'

const state: Selector<object, PreferencesState> = (s) => s.preferences
const navigationType: Selector<object, NavigationType> = (s) => navigationTypeOf(s.preferences)

// Queries of the preferences area, named `preferences/Noun`.
export const preferencesQueries = {
  'preferences/State': state,
  'preferences/NavigationType': navigationType,
} satisfies QueryTable
