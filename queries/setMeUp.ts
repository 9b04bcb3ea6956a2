import type { QueryTable, Selector } from './types'
// The types module alone (its defaults are on the login page already): the area's index is lazily loaded.
import {
  hiddenSetMeUp,
  type ClientAddress,
  type SetMeUpPanel,
  type SetMeUpState,
} from '../domain/setMeUp/types'

const panel: Selector<object, SetMeUpPanel> = (state) => state.setMeUp.panel ?? hiddenSetMeUp

/**
 * The address clients are set up with, as set-me-up has it: its panel and quick setup's client
 * flow read it here (the flow asks set-me-up to load it, `setMeUp/LoadClientBaseUrl`).
 */
const clientAddress: Selector<object, ClientAddress> = (state) => {
  // One answer per slice, so a view re-renders only when set-me-up's state changed.
  const known = addresses.get(state.setMeUp)
  if (known) return known
  const s = state.setMeUp
  const address = {
    ...(s.clientBaseUrl === undefined ? {} : { baseUrl: s.clientBaseUrl }),
    ...(s.clientReverseProxies === undefined ? {} : { reverseProxies: s.clientReverseProxies }),
    ...(s.clientBaseUrlFailure === undefined ? {} : { failure: s.clientBaseUrlFailure }),
  }
  addresses.set(s, address)
  return address
}
const addresses = new WeakMap<SetMeUpState, ClientAddress>()

// Queries of the set-me-up area, named `setMeUp/Noun`.
export const setMeUpQueries = {
  'setMeUp/Panel': panel,
  'setMeUp/ClientAddress': clientAddress,
} satisfies QueryTable
