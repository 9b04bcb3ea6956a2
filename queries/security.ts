import type { QueryTable, Selector } from './types'
import type { SecurityState } from '../domain/security/types'

const state: Selector<object, SecurityState> = (s) => s.security

// Queries of the security area, named `security/Noun`.
export const securityQueries = {
  'security/State': state,
} satisfies QueryTable
