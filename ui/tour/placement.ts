/**
 * Where the navigation tour's card goes: beside the element of its step, never over it, and
 * inside the window. Each target has a side (right of the sidebar, below the top bar's
 * controls); when that side has no room the card takes the opposite one. The page step's
 * target is the whole content area, which leaves no room beside it: its card sits in the
 * content's bottom-right corner, leaving the outline and the page's top in view.
 */
import type { TourTarget } from '../../domain/tour'

export type TourSide = 'right' | 'bottom' | 'corner'

export const TOUR_SIDE: Readonly<Record<TourTarget, TourSide>> = {
  sidebar: 'right',
  sidebarSwitch: 'right',
  search: 'bottom',
  userMenu: 'bottom',
  helpMenu: 'bottom',
  page: 'corner',
}

export interface Box {
  readonly top: number
  readonly left: number
  readonly width: number
  readonly height: number
}

export interface Placement {
  readonly side: TourSide | 'left' | 'top'
  readonly top: number
  readonly left: number
}

/** The gap between the card and its target, and between the card and the window's edges. */
export const TOUR_GAP = 8

const clamp = (value: number, low: number, high: number) =>
  Math.min(Math.max(value, low), Math.max(low, high))

/** The card's top-left corner in window coordinates, for a target box and the card's size. */
export function placeTourCard(
  side: TourSide,
  target: Box,
  card: { readonly width: number; readonly height: number },
  window: { readonly width: number; readonly height: number },
): Placement {
  const g = TOUR_GAP
  const right = target.left + target.width
  const bottom = target.top + target.height
  const topBeside = clamp(target.top, g, window.height - card.height - g)
  const leftBelow = clamp(target.left, g, window.width - card.width - g)
  if (side === 'right') {
    if (right + g + card.width <= window.width - g) return { side, top: topBeside, left: right + g }
    if (target.left - g - card.width >= g)
      return { side: 'left', top: topBeside, left: target.left - g - card.width }
    return { side: 'bottom', top: bottom + g, left: leftBelow }
  }
  if (side === 'bottom') {
    if (bottom + g + card.height <= window.height - g) return { side, top: bottom + g, left: leftBelow }
    return { side: 'top', top: Math.max(g, target.top - g - card.height), left: leftBelow }
  }
  return {
    side,
    top: clamp(Math.min(bottom, window.height) - card.height - 2 * g, g, window.height - card.height - g),
    left: clamp(Math.min(right, window.width) - card.width - 2 * g, g, window.width - card.width - g),
  }
}
