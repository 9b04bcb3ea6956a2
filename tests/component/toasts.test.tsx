// Toasts: the viewport loads with the first notification and each type stays for its specified time.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import { renderShell } from './shellFixtures'

afterEach(() => {
  vi.useRealTimers()
})

describe('toasts', () => {
  it('loads no toast viewport until the first notification', async () => {
    const { app } = renderShell('/packages')
    expect(await screen.findByRole('navigation', { name: 'Application' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: /Notifications/ })).not.toBeInTheDocument()
    act(() =>
      app.dispatch({
        type: 'notifications/Show',
        kind: 'info',
        message: { key: 'saved', subject: 'proxy', name: 'corp' },
      }),
    )
    expect(await screen.findByText('Proxy corp saved')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: /Notifications/ })).toBeInTheDocument()
  })

  it.each([
    ['error', 4500],
    ['warning', 4500],
    ['success', 3000],
    ['info', 3000],
  ] as const)('shows a %s toast for %i ms, then dismisses it', async (kind, ms) => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { app } = renderShell('/packages')
    const message = { key: 'deleted', subject: 'user', name: kind } as const
    act(() => app.dispatch({ type: 'notifications/Show', kind, message }))
    expect(await screen.findByText(`User ${kind} deleted`)).toBeInTheDocument()
    // The display time counts from when the toast appears.
    act(() => vi.advanceTimersByTime(ms - 300))
    expect(screen.getByText(`User ${kind} deleted`)).toBeInTheDocument()
    expect(app.getState().notifications.toasts).toHaveLength(1)
    act(() => vi.advanceTimersByTime(600))
    await waitFor(() => expect(app.getState().notifications.toasts).toHaveLength(0))
    await waitFor(() => expect(screen.queryByText(`User ${kind} deleted`)).not.toBeInTheDocument())
  })

  it('words the not-authorized notification of a denied navigation', async () => {
    const { app } = renderShell('/packages')
    act(() => app.dispatch({ type: 'navigation/Navigate', to: '/admin/configuration/general' }))
    expect(await screen.findByText('You are not authorized to view this page')).toBeInTheDocument()
    expect(app.getState().notifications.toasts[0]?.kind).toBe('error')
  })
})
