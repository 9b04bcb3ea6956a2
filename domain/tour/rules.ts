/**
 * The navigation tour: a guided walk through the chrome, one element at a time. Which steps a
 * user gets follows who they are; the page step follows the guide context that tour and
 * cloud-trial instances match to the path after each navigation. The view words each step.
 */
import {
  GUIDED_CONTEXTS,
  isTour,
  sidebarItems,
  sidebarKinds,
  tracksGuideContext,
  type ShellContext,
  type SidebarKind,
} from '../navigation'

/** The walk-me (guided tour) card's width, in CSS pixels (spec 000 section 9). */
export const WALK_ME_WIDTH_PX = 420

/** The chrome elements a step points at (`data-tour` of the element in the layout). */
export type TourTarget = 'sidebar' | 'sidebarSwitch' | 'search' | 'userMenu' | 'helpMenu' | 'page'

export type TourStepId = 'navigation' | 'sidebarSwitch' | 'search' | 'topMenu' | 'setMeUp' | 'help' | 'page'

/** A step of the tour: what it is about and the element it points at (the view words it). */
export interface TourStep {
  readonly id: TourStepId
  readonly target: TourTarget
  /** The sidebar's switch step: the sidebar it switches to from Application. */
  readonly sidebar?: SidebarKind
}

/** The tour is hidden, like its menu item, for a non-admin in the tour environment (spec 000 section 6). */
export const tourAvailable = (ctx: ShellContext): boolean => !(isTour(ctx) && !ctx.admin)

export function tourSteps(ctx: ShellContext, guideContext?: string): ReadonlyArray<TourStep> {
  if (!tourAvailable(ctx)) return []
  const steps: TourStep[] = [{ id: 'navigation', target: 'sidebar' }]
  // The switch step only where the sidebar shows its switch (a second sidebar with items): a
  // project admin with all projects chosen has no Administration to switch to.
  const other = sidebarKinds(ctx)[1]
  if (sidebarItems(other, ctx).length > 0)
    steps.push({ id: 'sidebarSwitch', target: 'sidebarSwitch', sidebar: other })
  steps.push(
    { id: 'search', target: 'search' },
    { id: 'topMenu', target: 'userMenu' },
    { id: 'setMeUp', target: 'userMenu' },
    { id: 'help', target: 'helpMenu' },
  )
  if (tracksGuideContext(ctx) && guideContext !== undefined && GUIDED_CONTEXTS.includes(guideContext))
    steps.push({ id: 'page', target: 'page' })
  return steps
}
