import type { QueryTable, Selector } from './types'
// The types module alone (its defaults are on the login page already): the area's index is lazily loaded.
import { closedQuickSetup, type ClientFlow, type QuickSetupState } from '../domain/quickSetup/types'

const wizard: Selector<object, QuickSetupState> = (state) => state.quickSetup.wizard ?? closedQuickSetup
const clientFlow: Selector<object, ClientFlow | undefined> = (state) => state.quickSetup.clientFlow

// Queries of the quick setup area, named `quickSetup/Noun`.
export const quickSetupQueries = {
  'quickSetup/Wizard': wizard,
  'quickSetup/ClientFlow': clientFlow,
} satisfies QueryTable
