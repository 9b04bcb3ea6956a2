/**
 * Quick setup (spec 000 section 4): the wizard, as the /quick-setup route where the platform has
 * the quick-deploy landing (the policy goes there) or as an overlay, and the guided client flow
 * that setting up a client relaunches for the package types that have one.
 */
import { left, right } from 'fp-ts/Either'
import { canonicalPackageType } from '../packageTypes'
import { hasFeature, type PlatformState } from '../platform'
import type { NavigationCommand, NavigationState } from '../navigation'
import { Navigated } from '../navigation/events'
import { QUICK_SETUP_PATH } from './afterLogin'
import type { OnboardingCommand } from './commands'
import {
  ClientFlowClosed,
  ClientFlowRelaunched,
  ClientFlowStepShown,
  QuickSetupClosed,
  quickSetupEvents,
  QuickSetupOpened,
  SetMeUpShown,
} from './events'
import { typesOf, type OnboardingPart } from './part'
import { clientFlowLength, isRepoKey, relaunchFlowSupported } from './relaunch'
import { closedQuickSetup, type OnboardingState, type QuickSetupState } from './types'

type Slice = Pick<OnboardingState, 'quickSetup' | 'clientFlow'>

/** What quick setup reads of the rest of the state. */
export interface QuickSetupContext {
  /** Quick setup is a route (feature quickDeployLanding), not the overlay. */
  readonly asRoute: boolean
  readonly path: string
}

/** Quick setup as the state keeps it: absent when it is as closed (so a fresh state stays empty). */
function withQuickSetup(slice: Slice, quickSetup: QuickSetupState): Slice {
  const { quickSetup: _previous, ...rest } = slice
  const closed =
    !quickSetup.visible &&
    quickSetup.singlePackageSelection === closedQuickSetup.singlePackageSelection &&
    quickSetup.predefinedPackageType === undefined
  return closed ? rest : { ...rest, quickSetup }
}

export const quickSetupPart: OnboardingPart<
  'quickSetup' | 'clientFlow',
  | 'onboarding/OpenQuickSetup'
  | 'onboarding/CloseQuickSetup'
  | 'onboarding/SetUpClient'
  | 'onboarding/MoveClientFlow'
  | 'onboarding/CloseClientFlow',
  QuickSetupContext,
  NavigationCommand | OnboardingCommand,
  { readonly platform: PlatformState; readonly navigation: Pick<NavigationState, 'location'> }
> = {
  fields: ['quickSetup', 'clientFlow'],
  commandTypes: [
    'onboarding/OpenQuickSetup',
    'onboarding/CloseQuickSetup',
    'onboarding/SetUpClient',
    'onboarding/MoveClientFlow',
    'onboarding/CloseClientFlow',
  ],
  eventTypes: typesOf(...quickSetupEvents, SetMeUpShown, Navigated),
  contextOf: (state) => ({
    asRoute: hasFeature(state.platform, 'quickDeployLanding'),
    path: state.navigation.location.path,
  }),
  decide(command, slice, context) {
    switch (command.type) {
      case 'onboarding/OpenQuickSetup':
        return right([QuickSetupOpened({ asRoute: context.asRoute })])
      case 'onboarding/CloseQuickSetup':
        return right([QuickSetupClosed({})])
      case 'onboarding/SetUpClient': {
        const packageType = canonicalPackageType(command.packageType)
        if (packageType === '') return left('choose a package type')
        if (!isRepoKey(command.repo)) return left('repo: invalidName')
        const opened = relaunchFlowSupported(packageType, command.repo)
          ? ClientFlowRelaunched({ packageType, repo: command.repo })
          : SetMeUpShown({ packageType, availableRepos: [...(command.availableRepos ?? [command.repo])] })
        return right([opened, QuickSetupClosed({})])
      }
      case 'onboarding/MoveClientFlow': {
        const flow = slice.clientFlow
        if (!flow) return left('no client flow is open')
        if (
          !Number.isInteger(command.step) ||
          command.step < 0 ||
          command.step >= clientFlowLength(flow.packageType)
        )
          return left(`the client flow has no step ${command.step}`)
        return command.step === flow.step ? right([]) : right([ClientFlowStepShown({ step: command.step })])
      }
      case 'onboarding/CloseClientFlow':
        return slice.clientFlow ? right([ClientFlowClosed({ finished: command.finished })]) : right([])
    }
  },
  evolve(slice, event) {
    switch (event.type) {
      case 'onboarding/QuickSetupOpened':
        return withQuickSetup(slice, {
          ...(slice.quickSetup ?? closedQuickSetup),
          visible: !event.data.asRoute,
        })
      case 'onboarding/QuickSetupClosed':
        return withQuickSetup(slice, closedQuickSetup)
      // Set-me-up shows instead of the overlay.
      case 'onboarding/SetMeUpShown':
        return withQuickSetup(slice, { ...(slice.quickSetup ?? closedQuickSetup), visible: false })
      case 'onboarding/ClientFlowRelaunched':
        return { ...slice, clientFlow: { ...event.data, step: 0 } }
      case 'onboarding/ClientFlowStepShown':
        return slice.clientFlow
          ? { ...slice, clientFlow: { ...slice.clientFlow, step: event.data.step } }
          : slice
      case 'onboarding/ClientFlowClosed': {
        const { clientFlow: _closed, ...rest } = slice
        return rest
      }
      default:
        return slice
    }
  },
  policies({ event }, slice, { path }) {
    switch (event.type) {
      // Quick setup as a route: the console goes there (unless it is there already).
      case 'onboarding/QuickSetupOpened':
        return event.data.asRoute && path !== QUICK_SETUP_PATH
          ? [{ type: 'navigation/Navigate', to: QUICK_SETUP_PATH }]
          : []
      // The overlay is one of the modals that close on navigation (spec 000 section 4): Back
      // left it open over the page it was opened from.
      case 'navigation/Navigated':
        return slice.quickSetup?.visible ? [{ type: 'onboarding/CloseQuickSetup' }] : []
      default:
        return []
    }
  },
}
