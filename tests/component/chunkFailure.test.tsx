// A lazily loaded area whose script or style chunk fails records why and says in its place
// that it could not be loaded, with a Retry, while the rest of the console keeps working; it
// loads by itself when the browser comes back online.
import { Suspense } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createApp } from '../../composition/createApp'
import type { AppCommand } from '../../domain/app'
import { CHUNK_TIMEOUT_MS, isStyleFailure, lazyArea, requestOf } from '../../ui/shared/lazyArea'
import { fakePorts } from '../support/fakePorts'
import { LoadFailure } from '../../ui/shared/kit/LoadFailure'

function setUp(load: () => Promise<{ default?: () => React.JSX.Element }>) {
  const app = createApp({ ports: fakePorts(), effects: {} })
  const report = (command: AppCommand) => app.dispatch(command, 'ui')
  const Area = lazyArea('shell', load, report)
  render(
    <main>
      <h1>Shell heading</h1>
      <Suspense fallback={<p role="status">Loading…</p>}>
        <Area />
      </Suspense>
    </main>,
  )
  return app
}

/** The data of the first chunk failure the app's log recorded. */
const chunkFailureLogged = (app: ReturnType<typeof setUp>): unknown => {
  const line = app
    .exportLog()
    .split('\n')
    .find((l) => l.includes('navigation/ChunkLoadFailed'))
  return (JSON.parse(line ?? '{}') as { data?: unknown }).data
}

describe('lazily loaded areas', () => {
  it('records CSS_CHUNK_LOAD_FAILED when a style sheet of the chunk fails, and says so in its place', async () => {
    const cssUrl = 'http://127.0.0.1:8082/ui/assets/ShellPages-Cx1.css'
    const app = setUp(() => Promise.reject(new Error(`Unable to preload CSS for ${cssUrl}`)))
    await screen.findByRole('heading', { name: 'Shell heading' })
    await expect.poll(() => app.getState().navigation.failedChunks).toEqual(['shell'])
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This part of the console could not be loaded.',
    )
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument())
    expect(screen.getByRole('heading', { name: 'Shell heading' })).toBeInTheDocument()
    const logged = app
      .exportLog()
      .split('\n')
      .filter((line) => line.includes('navigation/ChunkLoadFailed'))
      .map((line) => JSON.parse(line) as { data: unknown })
    expect(logged.map((l) => l.data)).toEqual([
      { name: 'CSS_CHUNK_LOAD_FAILED', area: 'shell', type: 'error', request: cssUrl },
    ])
  })

  // Seen in Chromium: the failure stood in a plain bordered box with the browser's own grey
  // button, where every other part of the console that could not be loaded says so in the kit's
  // failure box, with the kit's Retry.
  it('says so as every other load failure does: the kit failure box and its Retry button', async () => {
    const kit = render(<LoadFailure message="Packages could not be loaded." onRetry={() => undefined} />)
    const kitAlert = kit.getByRole('alert')
    const kitRetry = kit.getByRole('button', { name: 'Retry' })
    const [alertClass, retryClass] = [kitAlert.className, kitRetry.className]
    kit.unmount()
    setUp(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('This part of the console could not be loaded.')
    expect(alert.className).toBe(alertClass)
    expect(within(alert).getByRole('button', { name: 'Retry' }).className).toBe(retryClass)
  })

  it('records a ChunkLoadError when the script fails', async () => {
    const jsUrl = 'http://127.0.0.1:8082/ui/assets/ShellPages-Cx1.js'
    const app = setUp(() =>
      Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${jsUrl}`)),
    )
    await expect.poll(() => app.getState().navigation.failedChunks).toEqual(['shell'])
    expect(chunkFailureLogged(app)).toEqual({
      name: 'ChunkLoadError',
      area: 'shell',
      type: 'error',
      request: jsUrl,
    })
    expect(screen.getByRole('heading', { name: 'Shell heading' })).toBeInTheDocument()
  })

  it('gives up a chunk not loaded within 120 000 ms (spec 000 section 9): a timeout', async () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000)
    vi.useFakeTimers()
    try {
      const app = setUp(() => new Promise(() => undefined))
      await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1)
      expect(app.getState().navigation.failedChunks).toEqual([])
      await vi.advanceTimersByTimeAsync(1)
      expect(app.getState().navigation.failedChunks).toEqual(['shell'])
      expect(chunkFailureLogged(app)).toEqual({
        name: 'ChunkLoadError',
        area: 'shell',
        type: 'timeout',
        request: '',
      })
    } finally {
      vi.useRealTimers()
    }
  })

  it('loads the chunk on Retry, and by itself when the browser comes back online', async () => {
    let failing = true
    const load = () =>
      failing
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module: /ui/assets/A-1.js'))
        : Promise.resolve({ default: () => <p>Area content</p> })
    setUp(load)
    const alert = await screen.findByRole('alert')
    // Still offline: Retry fails again and the state stays, with its button.
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await screen.findByRole('button', { name: 'Retry' })
    expect(alert).toBeInTheDocument()
    failing = false
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    expect(await screen.findByText('Area content')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('tells style failures from script failures by the message or the address', () => {
    expect(isStyleFailure(new Error('Unable to preload CSS for /ui/assets/a.css'), '')).toBe(true)
    expect(isStyleFailure(new Error('boom'), '/ui/assets/a.css?v=1')).toBe(true)
    expect(isStyleFailure(new Error('boom'), '/ui/assets/a.js')).toBe(false)
    expect(requestOf(new Error('Unable to preload CSS for /ui/assets/b-1.css'))).toBe('/ui/assets/b-1.css')
  })
})
