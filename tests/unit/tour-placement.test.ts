// The tour card's placement: beside its target, never over it, inside the window.
import { describe, expect, it } from 'vitest'
import { placeTourCard, spotlightBox, SPOTLIGHT_PAD, TOUR_SIDE, type Box } from '../../ui/tour/placement'

const card = { width: 420, height: 180 }
const overlaps = (a: Box, b: Box) =>
  a.left < b.left + b.width &&
  b.left < a.left + a.width &&
  a.top < b.top + b.height &&
  b.top < a.top + a.height
const inside = (a: Box, w: { width: number; height: number }) =>
  a.left >= 0 && a.top >= 0 && a.left + a.width <= w.width && a.top + a.height <= w.height

describe('tour card placement', () => {
  // The chrome at 1024 × 768 and 1920 × 1080, as the gallery shows it.
  for (const window of [
    { width: 1024, height: 768 },
    { width: 1920, height: 1080 },
  ]) {
    const targets: Array<[keyof typeof TOUR_SIDE, Box]> = [
      ['sidebar', { top: 56, left: 0, width: 242, height: window.height - 56 }],
      ['sidebarSwitch', { top: 64, left: 8, width: 226, height: 36 }],
      ['search', { top: 10, left: 184, width: window.width - 320, height: 36 }],
      ['userMenu', { top: 12, left: window.width - 56, width: 32, height: 32 }],
      ['helpMenu', { top: 12, left: window.width - 104, width: 32, height: 32 }],
    ]
    for (const [target, box] of targets)
      it(`puts the ${target} step's card beside it, inside a ${window.width} px window`, () => {
        const place = placeTourCard(TOUR_SIDE[target], box, card, window)
        const placed = { ...place, ...card }
        expect(overlaps(placed, box)).toBe(false)
        expect(inside(placed, window)).toBe(true)
      })
  }

  it('the sidebar step sits right of the sidebar, below the top bar', () => {
    const place = placeTourCard('right', { top: 56, left: 0, width: 242, height: 712 }, card, {
      width: 1024,
      height: 768,
    })
    expect(place).toEqual({ side: 'right', top: 56, left: 250 })
  })

  it('takes the other side when its own has no room (a full-width bar goes below)', () => {
    const bar = { top: 56, left: 0, width: 1024, height: 40 }
    expect(placeTourCard('right', bar, card, { width: 1024, height: 768 })).toEqual({
      side: 'bottom',
      top: 104,
      left: 8,
    })
    const low = { top: 700, left: 100, width: 100, height: 40 }
    expect(placeTourCard('bottom', low, card, { width: 1024, height: 768 }).side).toBe('top')
  })

  it('puts the page step in the content corner, inside the window', () => {
    const main = { top: 56, left: 242, width: 782, height: 2000 }
    const place = placeTourCard('corner', main, card, { width: 1024, height: 768 })
    expect(inside({ ...place, ...card }, { width: 1024, height: 768 })).toBe(true)
    expect(place.left).toBeGreaterThan(main.left)
  })

  it('lights an element with room round it, its ring inside the window', () => {
    const window = { width: 1024, height: 768 }
    const p = SPOTLIGHT_PAD
    expect(spotlightBox({ top: 12, left: 900, width: 32, height: 32 }, window)).toEqual({
      top: 12 - p,
      left: 900 - p,
      width: 32 + 2 * p,
      height: 32 + 2 * p,
    })
    // The sidebar touches the window's left and bottom edges.
    expect(spotlightBox({ top: 56, left: 0, width: 242, height: 712 }, window)).toEqual({
      top: 56 - p,
      left: p,
      width: 242,
      height: 768 - 56,
    })
  })
})
