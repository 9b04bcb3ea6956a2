import { left, right, type Either } from 'fp-ts/Either'
import type { EventMeta, SliceArea } from '../shared/area'
import { shellContextOf, type Navigated, type ShellContext, type ShellSlices } from '../navigation'
import type { NavigationEvent } from '../navigation/events'
import { TourEnded, TourStarted, TourStepShown, tourEvents, type TourEvent } from './events'
import type { TourCommand } from './commands'
import { tourAvailable, tourSteps } from './rules'
import { initialTourState, type TourState } from './types'
import { tourCommandCodecs } from './commandCodecs.gen'

// The tour walks the chrome: what it shows depends on who the viewer is (the shell context).
export const tourArea: SliceArea<
  'tour',
  TourState,
  TourCommand,
  TourEvent,
  ShellContext,
  never,
  ShellSlices
> = {
  key: 'tour',
  commands: tourCommandCodecs,
  initialState: initialTourState,
  events: tourEvents,
  contextOf: shellContextOf,
  decide(command, tour, viewer): Either<string, ReadonlyArray<TourEvent>> {
    switch (command.type) {
      case 'tour/Start':
        return tourAvailable(viewer)
          ? right([TourStarted({})])
          : left('the navigation tour is not available to this user')
      case 'tour/Move': {
        if (!tour.running) return left('no tour is running')
        const steps = tourSteps(viewer, tour.guideContext)
        if (!Number.isInteger(command.step) || command.step < 0 || command.step >= steps.length)
          return left(`the tour has no step ${command.step}`)
        return command.step === tour.running.step ? right([]) : right([TourStepShown({ step: command.step })])
      }
      case 'tour/End':
        return tour.running
          ? right([TourEnded({ completed: command.completed, user: viewer.userName })])
          : right([])
    }
  },
  evolve(tour: TourState, event: TourEvent | NavigationEvent, meta: EventMeta): TourState {
    switch ((event as TourEvent).type) {
      case 'tour/Started':
        return { ...tour, running: { step: 0 } }
      case 'tour/StepShown':
        return { ...tour, running: { step: (event as ReturnType<typeof TourStepShown>).data.step } }
      case 'tour/Ended': {
        const { completed, user, recordedAt } = (event as ReturnType<typeof TourEnded>).data
        const at = recordedAt ?? meta.at
        return { ...tour, running: undefined, ...(completed ? { completed: { user, at } } : {}) }
      }
      case 'tour/CompletionRead': {
        const { user, at } = (event as Extract<TourEvent, { type: 'tour/CompletionRead' }>).data
        return { ...tour, completed: { user, at } }
      }
      case 'tour/GuideContextMatched':
        return {
          ...tour,
          guideContext: (event as Extract<TourEvent, { type: 'tour/GuideContextMatched' }>).data.context,
        }
      default: {
        if (event.type !== 'navigation/Navigated') return tour
        // A navigation resets the guide context; the tour walks the chrome, so a page without it
        // (login, error pages) ends the tour.
        const { sidebar } = (event as ReturnType<typeof Navigated>).data
        const running = sidebar === undefined ? undefined : tour.running
        return tour.guideContext === undefined && running === tour.running
          ? tour
          : { ...tour, guideContext: undefined, running }
      }
    }
  },
  evolvesOn: ['navigation/Navigated'],
}
