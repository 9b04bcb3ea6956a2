/**
 * Where the navigation tour's spotlight and card go. The spotlight is the step's element with a
 * little room around it, kept inside the window so its ring shows whole (the sidebar touches
 * the window's edges). The card goes beside the spotlight, never over it, and inside the window.
 * Each target has a side (right of the sidebar, below the top bar's controls and the page's
 * header); when that side has no room the card takes the opposite one. A page without a header
 * is lit whole, which leaves no room beside it: its card sits in the content's bottom-right
 * corner.
 */
import type { TourTarget } from '../../domain/tour'

export type TourSide = 'right' | 'bottom' | 'corner'

export const TOUR_SIDE: Readonly<Record<TourTarget, TourSide>> = {
  sidebar: 'right',
  sidebarSwitch: 'right',
  search: 'bottom',
  userMenu: 'bottom',
  helpMenu: 'bottom',
  page: 'bottom',
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

/** The room the spotlight leaves around its element, and between its ring and the window's edges. */
export const SPOTLIGHT_PAD = 4

/** The spotlight's box: the element's, `SPOTLIGHT_PAD` larger, inside the window by as much. */
export function spotlightBox(target: Box, window: { readonly width: number; readonly height: number }): Box {
  const p = SPOTLIGHT_PAD
  const left = Math.max(p, target.left - p)
  const top = Math.max(p, target.top - p)
  const right = Math.min(window.width - p, target.left + target.width + p)
  const bottom = Math.min(window.height - p, target.top + target.height + p)
  return { top, left, width: Math.max(0, right - left), height: Math.max(0, bottom - top) }
}

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
