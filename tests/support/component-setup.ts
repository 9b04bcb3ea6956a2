import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => cleanup())

// jsdom has no ResizeObserver, which every browser has; Radix's checkbox and switch measure
// themselves with it. Nothing is laid out in jsdom, so an observer that never reports is exact.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
}

// Nor pointer capture and scrollIntoView, which every browser has; Radix's Select calls them
// when it opens and when it shows the chosen option. jsdom lays nothing out, so doing nothing is exact.
if (!('hasPointerCapture' in Element.prototype)) {
  Object.assign(Element.prototype, {
    hasPointerCapture: () => false,
    setPointerCapture: () => undefined,
    releasePointerCapture: () => undefined,
  })
}
if (!('scrollIntoView' in Element.prototype))
  Object.assign(Element.prototype, { scrollIntoView: () => undefined })

// findBy*/waitFor give up after this long. It is a limit for a stuck test, not a timing: the
// state they wait for arrives through lazily loaded chunks, which take seconds on a loaded
// 2-core machine (the default 1 s failed the login-dialog and admin-landing tests there).
configure({ asyncUtilTimeout: 10_000 })
