import type { QueryTable, Selector } from './types'
import type { TokensState } from '../domain/tokens/types'

const state: Selector<object, TokensState> = (s) => s.tokens

// Queries of the tokens area, named `tokens/Noun`.
export const tokensQueries = {
  'tokens/State': state,
} satisfies QueryTable
