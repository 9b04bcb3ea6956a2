import { afterAll, beforeAll } from 'vitest'

/**
 * jsdom lays nothing out: gives every element an 800×600 box for the tests of this file, so a
 * virtual list has a viewport to fill.
 */
export function giveElementsASize(): void {
  const rect = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'getBoundingClientRect')
  const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')
  const offsetWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth')
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'getBoundingClientRect', {
      configurable: true,
      value: () => ({
        x: 0,
        y: 0,
        top: 0,
        left: 0,
        bottom: 600,
        right: 800,
        width: 800,
        height: 600,
        toJSON: () => ({}),
      }),
    })
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 })
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 })
  })
  afterAll(() => {
    if (rect) Object.defineProperty(HTMLElement.prototype, 'getBoundingClientRect', rect)
    if (offsetHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', offsetHeight)
    if (offsetWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', offsetWidth)
  })
}
