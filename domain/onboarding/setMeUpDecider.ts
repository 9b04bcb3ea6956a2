/**
 * Set-me-up (spec 000 section 4): whether its panel is shown, for which package type and
 * repositories, and the base URL and reverse proxies the client set-up steps use. It was the
 * navigation area's: old logs' `navigation/…` events are read as these (see events.ts).
 */
import { right } from 'fp-ts/Either'
import { ClientBaseUrlRequested, setMeUpEvents, SetMeUpHidden, SetMeUpShown } from './events'
import { typesOf, type OnboardingPart } from './part'
import { hiddenSetMeUp } from './types'

export const setMeUpPart: OnboardingPart<
  'setMeUp' | 'clientBaseUrl' | 'clientReverseProxies' | 'clientBaseUrlFailure',
  'onboarding/ShowSetMeUp' | 'onboarding/HideSetMeUp' | 'onboarding/LoadClientBaseUrl',
  undefined,
  { readonly type: 'onboarding/LoadClientBaseUrl' }
> = {
  fields: ['setMeUp', 'clientBaseUrl', 'clientReverseProxies', 'clientBaseUrlFailure'],
  commandTypes: ['onboarding/ShowSetMeUp', 'onboarding/HideSetMeUp', 'onboarding/LoadClientBaseUrl'],
  eventTypes: typesOf(...setMeUpEvents),
  // The set-up steps show the base URL: set-me-up asks for it, once (quick setup's client flow
  // asks with onboarding/LoadClientBaseUrl).
  policies(envelope, slice) {
    return envelope.event.type === 'onboarding/SetMeUpShown' && slice.clientBaseUrl === undefined
      ? [{ type: 'onboarding/LoadClientBaseUrl' }]
      : []
  },
  decide(command, slice) {
    switch (command.type) {
      case 'onboarding/ShowSetMeUp':
        return right([
          SetMeUpShown({
            ...(command.packageType ? { packageType: command.packageType.toLowerCase() } : {}),
            ...(command.availableRepos ? { availableRepos: [...command.availableRepos] } : {}),
          }),
        ])
      case 'onboarding/HideSetMeUp':
        return slice.setMeUp?.visible ? right([SetMeUpHidden({})]) : right([])
      case 'onboarding/LoadClientBaseUrl':
        return slice.clientBaseUrl === undefined ? right([ClientBaseUrlRequested({})]) : right([])
    }
  },
  evolve(slice, event) {
    switch (event.type) {
      case 'onboarding/SetMeUpShown': {
        const { packageType, availableRepos } = event.data
        const before = slice.setMeUp ?? hiddenSetMeUp
        return {
          ...slice,
          setMeUp: {
            visible: true,
            getActiveNode: before.getActiveNode,
            availableRepos: availableRepos ?? before.availableRepos,
            ...(packageType === undefined ? {} : { packageType }),
          },
        }
      }
      case 'onboarding/SetMeUpHidden': {
        const { setMeUp: _hidden, ...rest } = slice
        return rest
      }
      case 'onboarding/ClientBaseUrlRequested': {
        const { clientBaseUrlFailure: _previous, ...rest } = slice
        return rest
      }
      case 'onboarding/ClientBaseUrlLoaded': {
        const { clientBaseUrlFailure: _previous, ...rest } = slice
        const { reverseProxies } = event.data
        return {
          ...rest,
          clientBaseUrl: event.data.baseUrl,
          ...(reverseProxies === undefined ? {} : { clientReverseProxies: reverseProxies }),
        }
      }
      case 'onboarding/ClientBaseUrlFailed':
        return { ...slice, clientBaseUrlFailure: event.data.failure }
      default:
        return slice
    }
  },
}
