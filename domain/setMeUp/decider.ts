/**
 * Set-me-up (spec 000 section 4): whether its panel is shown, for which package type and
 * repositories, and the address (base URL and reverse proxies) clients are set up with. It
 * decides on its own slice and reads nothing else. It owns the address: quick setup's client
 * flow asks for it with `setMeUp/LoadClientBaseUrl` and reads it through a query.
 */
import { right } from 'fp-ts/Either'
import type { SliceArea } from '../shared/area'
import type { SetMeUpCommand } from './commands'
import { setMeUpCommandCodecs } from './commandCodecs.gen'
import {
  ClientBaseUrlRequested,
  setMeUpEvents,
  SetMeUpHidden,
  SetMeUpShown,
  type SetMeUpEvent,
} from './events'
import { hiddenSetMeUp, initialSetMeUpState, type SetMeUpState } from './types'

export const setMeUpArea: SliceArea<
  'setMeUp',
  SetMeUpState,
  SetMeUpCommand,
  SetMeUpEvent,
  undefined,
  SetMeUpCommand
> = {
  key: 'setMeUp',
  commands: setMeUpCommandCodecs,
  initialState: initialSetMeUpState,
  events: setMeUpEvents,
  evolvesOn: [],
  // The set-up steps show the base URL: set-me-up asks for it, once.
  policies(envelope, slice) {
    return envelope.event.type === 'setMeUp/Shown' && slice.clientBaseUrl === undefined
      ? [{ type: 'setMeUp/LoadClientBaseUrl' }]
      : []
  },
  decide(command, slice) {
    switch (command.type) {
      case 'setMeUp/Show':
        return right([
          SetMeUpShown({
            ...(command.packageType ? { packageType: command.packageType.toLowerCase() } : {}),
            ...(command.availableRepos ? { availableRepos: [...command.availableRepos] } : {}),
          }),
        ])
      case 'setMeUp/Hide':
        return slice.panel?.visible ? right([SetMeUpHidden({})]) : right([])
      case 'setMeUp/LoadClientBaseUrl':
        return slice.clientBaseUrl === undefined ? right([ClientBaseUrlRequested({})]) : right([])
    }
  },
  evolve(slice, event) {
    switch (event.type) {
      case 'setMeUp/Shown': {
        const { packageType, availableRepos } = event.data
        const before = slice.panel ?? hiddenSetMeUp
        return {
          ...slice,
          panel: {
            visible: true,
            getActiveNode: before.getActiveNode,
            availableRepos: availableRepos ?? before.availableRepos,
            ...(packageType === undefined ? {} : { packageType }),
          },
        }
      }
      case 'setMeUp/Hidden': {
        const { panel: _hidden, ...rest } = slice
        return rest
      }
      case 'setMeUp/ClientBaseUrlRequested': {
        const { clientBaseUrlFailure: _previous, ...rest } = slice
        return rest
      }
      case 'setMeUp/ClientBaseUrlLoaded': {
        const { clientBaseUrlFailure: _previous, ...rest } = slice
        const { reverseProxies } = event.data
        return {
          ...rest,
          clientBaseUrl: event.data.baseUrl,
          ...(reverseProxies === undefined ? {} : { clientReverseProxies: reverseProxies }),
        }
      }
      case 'setMeUp/ClientBaseUrlFailed':
        return { ...slice, clientBaseUrlFailure: event.data.failure }
      default:
        return slice
    }
  },
}
