/**
 * Quick setup (spec 000 section 4): the wizard, as the /quick-setup route where the platform has
 * the quick-deploy landing (the policy goes there) or as an overlay, and the guided client flow
 * that setting up a client relaunches for the package types that have one. It decides on its own
 * slice; all it reads of the rest of the state is whether quick setup is a route, and the path.
 * What it needs of set-me-up (the panel, the platform's address) it asks for by command: the
 * set-me-up area decides its own events, after loading where the browser defers it.
 */
import { left, right } from 'fp-ts/Either'
import type { SliceArea } from '../shared/area'
import type { EventOf } from '../shared/events'
import { canonicalPackageType } from '../packageTypes'
import { hasFeature, type PlatformState } from '../platform'
import type { NavigationCommand, NavigationState } from '../navigation'
import { Navigated } from '../navigation/events'
import { QUICK_SETUP_PATH } from '../gettingStarted'
import { SetMeUpShown } from '../setMeUp/events'
import type { SetMeUpCommand } from '../setMeUp'
import type { QuickSetupCommand } from './commands'
import { quickSetupCommandCodecs } from './commandCodecs.gen'
import {
  ClientFlowClosed,
  ClientFlowRelaunched,
  ClientFlowStepShown,
  QuickSetupClosed,
  quickSetupEvents,
  QuickSetupOpened,
  SetMeUpChosen,
  type QuickSetupEvent,
} from './events'
import { clientFlowLength, isRepoKey, relaunchFlowSupported } from './relaunch'
import { closedQuickSetup, initialQuickSetupState, type QuickSetupSlice, type QuickSetupState } from './types'

/** What quick setup reads of the rest of the state. */
export interface QuickSetupContext {
  /** Quick setup is a route (feature quickDeployLanding), not the overlay. */
  readonly asRoute: boolean
  readonly path: string
}

/** Quick setup's events and the others it reacts to. */
export type QuickSetupAreaEvent = QuickSetupEvent | EventOf<typeof SetMeUpShown> | EventOf<typeof Navigated>

/** The wizard as the state keeps it: absent when it is as closed (so a fresh state stays empty). */
function withWizard(slice: QuickSetupSlice, wizard: QuickSetupState): QuickSetupSlice {
  const { wizard: _previous, ...rest } = slice
  const closed =
    !wizard.visible &&
    wizard.singlePackageSelection === closedQuickSetup.singlePackageSelection &&
    wizard.predefinedPackageType === undefined
  return closed ? rest : { ...rest, wizard }
}

export const quickSetupArea: SliceArea<
  'quickSetup',
  QuickSetupSlice,
  QuickSetupCommand,
  QuickSetupAreaEvent,
  QuickSetupContext,
  NavigationCommand | QuickSetupCommand | SetMeUpCommand,
  { readonly platform: PlatformState; readonly navigation: Pick<NavigationState, 'location'> }
> = {
  key: 'quickSetup',
  commands: quickSetupCommandCodecs,
  initialState: initialQuickSetupState,
  events: quickSetupEvents,
  evolvesOn: [SetMeUpShown.type, Navigated.type],
  contextOf: (state) => ({
    asRoute: hasFeature(state.platform, 'quickDeployLanding'),
    path: state.navigation.location.path,
  }),
  decide(command, slice, context) {
    switch (command.type) {
      case 'quickSetup/Open':
        return right([QuickSetupOpened({ asRoute: context.asRoute })])
      case 'quickSetup/Close':
        return right([QuickSetupClosed({})])
      case 'quickSetup/SetUpClient': {
        const packageType = canonicalPackageType(command.packageType)
        if (packageType === '') return left('choose a package type')
        if (!isRepoKey(command.repo)) return left('repo: invalidName')
        const opened = relaunchFlowSupported(packageType, command.repo)
          ? ClientFlowRelaunched({ packageType, repo: command.repo })
          : SetMeUpChosen({ packageType, availableRepos: [...(command.availableRepos ?? [command.repo])] })
        return right([opened, QuickSetupClosed({})])
      }
      case 'quickSetup/MoveClientFlow': {
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
      case 'quickSetup/CloseClientFlow':
        return slice.clientFlow ? right([ClientFlowClosed({ finished: command.finished })]) : right([])
    }
  },
  evolve(slice, event) {
    switch (event.type) {
      case 'quickSetup/Opened':
        return withWizard(slice, { ...(slice.wizard ?? closedQuickSetup), visible: !event.data.asRoute })
      case 'quickSetup/Closed':
        return withWizard(slice, closedQuickSetup)
      // Set-me-up shows instead of the overlay (logs of the onboarding area's quick setup hold
      // set-me-up's event alone).
      case 'quickSetup/SetMeUpChosen':
      case 'setMeUp/Shown':
        return slice.wizard === undefined ? slice : withWizard(slice, { ...slice.wizard, visible: false })
      case 'quickSetup/ClientFlowRelaunched':
        return { ...slice, clientFlow: { ...event.data, step: 0 } }
      case 'quickSetup/ClientFlowStepShown':
        return slice.clientFlow
          ? { ...slice, clientFlow: { ...slice.clientFlow, step: event.data.step } }
          : slice
      case 'quickSetup/ClientFlowClosed': {
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
      case 'quickSetup/Opened':
        return event.data.asRoute && path !== QUICK_SETUP_PATH
          ? [{ type: 'navigation/Navigate', to: QUICK_SETUP_PATH }]
          : []
      // The client's set-up steps: set-me-up's panel, or the guided flow, which shows the
      // platform's address set-me-up owns and loads (once: set-me-up decides whether it has it).
      case 'quickSetup/SetMeUpChosen':
        return [
          {
            type: 'setMeUp/Show',
            packageType: event.data.packageType,
            availableRepos: event.data.availableRepos,
          },
        ]
      case 'quickSetup/ClientFlowRelaunched':
        return [{ type: 'setMeUp/LoadClientBaseUrl' }]
      // The overlay is one of the modals that close on navigation (spec 000 section 4): Back
      // left it open over the page it was opened from.
      case 'navigation/Navigated':
        return slice.wizard?.visible ? [{ type: 'quickSetup/Close' }] : []
      default:
        return []
    }
  },
}
