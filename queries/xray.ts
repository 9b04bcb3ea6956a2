import type { QueryTable, Selector } from './types'
import type { XrayState } from '../domain/xray/types'

const state: Selector<object, XrayState> = (s) => s.xray

// Queries of the xray area, named `xray/Noun`.
export const xrayQueries = {
  'xray/State': state,
} satisfies QueryTable
