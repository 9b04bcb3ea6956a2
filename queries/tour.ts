import type { QueryTable, Selector } from './types'
import { tourSteps, type TourState, type TourStep } from '../domain/tour'
import type { ShellContext } from '../domain/navigation'
import { contextOf } from './navigation'

/** The tour's card as the view shows it: the step, its place among the steps, and when this user last finished it. */
export interface TourCard {
  readonly steps: ReadonlyArray<TourStep>
  readonly index: number
  readonly step: TourStep
  readonly guideContext?: string
  readonly completedAt?: string
}

let cardCache: { tour: TourState; ctx: ShellContext; value: TourCard | undefined } | undefined
function cardOf(tour: TourState, ctx: ShellContext): TourCard | undefined {
  if (!tour.running) return undefined
  const steps = tourSteps(ctx, tour.guideContext)
  const index = Math.min(tour.running.step, steps.length - 1)
  const step = steps[index]
  if (!step) return undefined
  return {
    steps,
    index,
    step,
    ...(tour.guideContext === undefined ? {} : { guideContext: tour.guideContext }),
    ...(tour.completed?.user === ctx.userName ? { completedAt: tour.completed.at } : {}),
  }
}

const state: Selector<object, TourState> = (s) => s.tour
// A fresh object per change of the slices it reads: `ask` compares results by identity.
const card: Selector<object, TourCard | undefined> = (s) => {
  const ctx = contextOf(s)
  if (cardCache?.tour !== s.tour || cardCache.ctx !== ctx)
    cardCache = { tour: s.tour, ctx, value: cardOf(s.tour, ctx) }
  return cardCache.value
}
const running: Selector<object, boolean> = (s) => s.tour.running !== undefined

// Queries of the tour area, named `tour/Noun`.
export const tourQueries = {
  'tour/State': state,
  'tour/Card': card,
  'tour/Running': running,
} satisfies QueryTable
