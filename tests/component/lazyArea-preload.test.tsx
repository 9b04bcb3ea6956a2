// A lazily loaded area asked for ahead (preload) renders without suspending: no Suspense
// fallback is ever drawn for it. React holds back content revealed after a fallback (up to
// 300 ms), and a cold load of the packages list drew its rows by that timer.
import { Suspense, useEffect } from 'react'
import { describe, expect, it } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AppProvider } from '../../ui/shared/appContext'
import { createApp } from '../../composition/createApp'
import type { AppCommand } from '../../domain/app'
import { lazyArea } from '../../ui/shared/lazyArea'
import { TopMenuButtons } from '../../ui/layout/TopMenuButtons'
import { fakePorts } from '../support/fakePorts'

function FallbackShown({ seen }: { seen: string[] }) {
  useEffect(() => {
    seen.push('fallback')
  }, [seen])
  return <p role="status">Loading…</p>
}

describe('a lazily loaded area asked for ahead', () => {
  it('is drawn at once, with no fallback, once its chunk is in', async () => {
    const report = (_: AppCommand) => undefined
    const Area = lazyArea('shell', () => Promise.resolve({ default: () => <p>Area content</p> }), report)
    expect(Area.loaded()).toBe(false)
    await Area.preload()
    expect(Area.loaded()).toBe(true)
    const seen: string[] = []
    render(
      <Suspense fallback={<FallbackShown seen={seen} />}>
        <Area />
      </Suspense>,
    )
    // Synchronously in the first commit: nothing was waited for.
    expect(screen.getByText('Area content')).toBeInTheDocument()
    expect(seen).toEqual([])
  })

  it('suspends as before when not asked for ahead', async () => {
    const report = (_: AppCommand) => undefined
    const Area = lazyArea('shell', () => Promise.resolve({ default: () => <p>Area content</p> }), report)
    const seen: string[] = []
    render(
      <Suspense fallback={<FallbackShown seen={seen} />}>
        <Area />
      </Suspense>,
    )
    expect(await screen.findByText('Area content')).toBeInTheDocument()
    expect(seen).toEqual(['fallback'])
  })

  it('settles a failed chunk without rejecting, and draws the failure in its place', async () => {
    const app = createApp({ ports: fakePorts(), effects: {} })
    const report = (command: AppCommand) => app.dispatch(command, 'ui')
    const Area = lazyArea(
      'shell',
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /ui/assets/A-1.js')),
      report,
    )
    await expect(Area.preload()).resolves.toBeUndefined()
    expect(Area.loaded()).toBe(true)
    render(<Area />)
    expect(screen.getByRole('alert')).toHaveTextContent('This part of the console could not be loaded.')
    expect(app.getState().navigation.failedChunks).toEqual(['shell'])
  })
})

describe("the top bar's menu buttons before the menus' chunk is in", () => {
  // They answer to a press as the menus' own triggers do: a click's release may land after
  // the menus have replaced them.
  it('open a menu on the press of the main button, and on Enter, Space or Arrow Down', async () => {
    const app = createApp({ ports: fakePorts(), effects: {} })
    render(
      <AppProvider app={app}>
        <TopMenuButtons />
      </AppProvider>,
    )
    const user = userEvent.setup()
    await user.pointer({ keys: '[MouseLeft>]', target: screen.getByRole('button', { name: 'Help' }) })
    expect(app.getState().navigation.openMenu).toBe('help')
    await user.pointer({ keys: '[/MouseLeft]' })
    // The release changes nothing (no second toggle).
    expect(app.getState().navigation.openMenu).toBe('help')
    act(() => app.dispatch({ type: 'navigation/OpenMenu', menu: null }, 'ui'))
    for (const key of ['{Enter}', ' ', '{ArrowDown}']) {
      screen.getByRole('button', { name: 'Guest' }).focus()
      await user.keyboard(key)
      expect(app.getState().navigation.openMenu, key).toBe('user')
      act(() => app.dispatch({ type: 'navigation/OpenMenu', menu: null }, 'ui'))
    }
    const closed = app.getState().navigation.openMenu
    expect(closed).not.toBe('help')
    await user.pointer({ keys: '[MouseRight]', target: screen.getByRole('button', { name: 'Help' }) })
    expect(app.getState().navigation.openMenu).toBe(closed)
  })
})
