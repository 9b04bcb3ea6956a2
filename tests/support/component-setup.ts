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

// findBy*/waitFor give up after this long. It is a limit for a stuck test, not a timing: the
// state they wait for arrives through lazily loaded chunks, which take seconds on a loaded
// 2-core machine (the default 1 s failed the login-dialog and admin-landing tests there).
configure({ asyncUtilTimeout: 10_000 })
