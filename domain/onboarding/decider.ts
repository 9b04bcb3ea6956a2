import { left, right } from 'fp-ts/Either'
import type { AppArea, AppEvent } from '../app'
import { QuickSetupClosed, SetMeUpShown } from '../navigation/events'
import { canonicalPackageType } from '../packageTypes'
import { NAME_MESSAGE } from '../shared/forms'
import { ClientFlowClosed, ClientFlowRelaunched, ClientFlowStepShown, onboardingEvents } from './events'
import { clientFlowLength, isRepoKey, relaunchFlowSupported } from './relaunch'
import { initialOnboardingState, type OnboardingState } from './types'

function evolve(slice: OnboardingState, event: AppEvent): OnboardingState {
  switch (event.type) {
    case 'onboarding/ClientFlowRelaunched':
      return { clientFlow: { ...event.data, step: 0 } }
    case 'onboarding/ClientFlowStepShown':
      return slice.clientFlow ? { clientFlow: { ...slice.clientFlow, step: event.data.step } } : slice
    case 'onboarding/ClientFlowClosed':
      return {}
    default:
      return slice
  }
}

export const onboardingArea: AppArea<'onboarding'> = {
  key: 'onboarding',
  initialState: initialOnboardingState,
  events: onboardingEvents,
  decide: (command, state) => {
    switch (command.type) {
      case 'onboarding/SetUpClient': {
        const packageType = canonicalPackageType(command.packageType)
        if (packageType === '') return left('choose a package type')
        if (!isRepoKey(command.repo)) return left(NAME_MESSAGE)
        const opened = relaunchFlowSupported(packageType, command.repo)
          ? ClientFlowRelaunched({ packageType, repo: command.repo })
          : SetMeUpShown({ packageType, availableRepos: [...(command.availableRepos ?? [command.repo])] })
        return right([opened, QuickSetupClosed({})])
      }
      case 'onboarding/MoveClientFlow': {
        const flow = state.onboarding.clientFlow
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
        return state.onboarding.clientFlow
          ? right([ClientFlowClosed({ finished: command.finished })])
          : right([])
    }
  },
  evolve,
}
