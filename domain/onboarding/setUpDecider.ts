/**
 * Quick setup and set-me-up (spec 000 section 4): whether each is shown, and the base URL the
 * client set-up steps use. The onboarding area decides and evolves them (they were the
 * navigation area's; old logs' `navigation/…` events are read as these, see events.ts).
 */
import { right, type Either } from 'fp-ts/Either'
import type { AppEvent, AppState } from '../app'
import { hasFeature } from '../platform'
import {
  ClientBaseUrlRequested,
  QuickSetupClosed,
  QuickSetupOpened,
  SetMeUpHidden,
  SetMeUpShown,
} from './events'
import type { OnboardingCommand } from './commands'
import { closedQuickSetup, hiddenSetMeUp, type OnboardingState, type QuickSetupState } from './types'

export type SetUpCommand = Extract<
  OnboardingCommand,
  {
    type:
      | 'onboarding/OpenQuickSetup'
      | 'onboarding/CloseQuickSetup'
      | 'onboarding/ShowSetMeUp'
      | 'onboarding/HideSetMeUp'
      | 'onboarding/LoadClientBaseUrl'
  }
>

export const SET_UP_COMMANDS: ReadonlyArray<SetUpCommand['type']> = [
  'onboarding/OpenQuickSetup',
  'onboarding/CloseQuickSetup',
  'onboarding/ShowSetMeUp',
  'onboarding/HideSetMeUp',
  'onboarding/LoadClientBaseUrl',
]

export const isSetUpCommand = (command: OnboardingCommand): command is SetUpCommand =>
  (SET_UP_COMMANDS as ReadonlyArray<string>).includes(command.type)

/**
 * Quick setup opens as the /quick-setup route where the platform has the quick-deploy landing
 * (the onboarding policy then navigates there), otherwise as the overlay wizard.
 */
export function decideSetUp(command: SetUpCommand, state: AppState): Either<string, AppEvent[]> {
  const slice = state.onboarding
  switch (command.type) {
    case 'onboarding/OpenQuickSetup':
      return right([QuickSetupOpened({ asRoute: hasFeature(state.platform, 'quickDeployLanding') })])
    case 'onboarding/CloseQuickSetup':
      return right([QuickSetupClosed({})])
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
}

/** Quick setup as the state keeps it: absent when it is as closed (so a fresh state stays empty). */
function withQuickSetup(slice: OnboardingState, quickSetup: QuickSetupState): OnboardingState {
  const { quickSetup: _previous, ...rest } = slice
  const closed =
    !quickSetup.visible &&
    quickSetup.singlePackageSelection === closedQuickSetup.singlePackageSelection &&
    quickSetup.predefinedPackageType === undefined
  return closed ? rest : { ...rest, quickSetup }
}

type SetUpEvent = Extract<
  AppEvent,
  { type: `onboarding/${'QuickSetup' | 'SetMeUp' | 'ClientBaseUrl'}${string}` }
>

export function evolveSetUp(slice: OnboardingState, event: SetUpEvent): OnboardingState {
  switch (event.type) {
    case 'onboarding/QuickSetupOpened':
      return withQuickSetup(slice, {
        ...(slice.quickSetup ?? closedQuickSetup),
        visible: !event.data.asRoute,
      })
    case 'onboarding/QuickSetupClosed':
      return withQuickSetup(slice, closedQuickSetup)
    case 'onboarding/SetMeUpShown': {
      const { packageType, availableRepos } = event.data
      const before = slice.setMeUp ?? hiddenSetMeUp
      return {
        ...withQuickSetup(slice, { ...(slice.quickSetup ?? closedQuickSetup), visible: false }),
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
  }
}
