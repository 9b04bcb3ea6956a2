import { describe, expect, it } from 'vitest'
import { createApp } from '../../composition/createApp'
import { navigationEffects } from '../../commands/effects/navigation'
import { fakePorts } from '../support/fakePorts'

function boot() {
  const ports = fakePorts()
  const app = createApp({ ports, effects: navigationEffects })
  const types: string[] = []
  app.events$.subscribe((e) => types.push(`${e.event.type}:${e.source}`))
  return { app, ports, types }
}

describe('navigation on the bus', () => {
  it('accepts a login-family path and pushes it to the history', () => {
    const { app, ports, types } = boot()
    app.dispatch({ type: 'navigation/Navigate', to: '/login/forgot-password' })
    expect(app.getState().navigation.location).toEqual({ path: '/login/forgot-password', query: '' })
    expect(types).toEqual(['navigation/Navigated:ui'])
    expect(ports.visited.at(-1)).toBe('/ui/login/forgot-password')
  })

  it('does not push a location that came from the history (popstate)', () => {
    const { app, ports } = boot()
    app.dispatch({ type: 'navigation/SyncFromHistory', to: '/login' }, 'router')
    expect(ports.visited).toEqual(['/ui/'])
    expect(app.getState().navigation.location.path).toBe('/login')
  })

  it('defers a guarded path until start-up settles, keeping it in the history', () => {
    const { app, types } = boot()
    app.dispatch({ type: 'navigation/SyncFromHistory', to: '/ui/packages' }, 'router')
    expect(types).toEqual(['navigation/Deferred:router'])
    expect(app.getState().navigation).toMatchObject({ guardPending: true, location: { path: '/packages' } })
  })

  it('refuses an unsafe target and records why', () => {
    const { app, ports } = boot()
    app.dispatch({ type: 'navigation/Navigate', to: '//evil.example/' })
    expect(app.getState().navigation.lastDenial).toEqual({ path: '//evil.example/', reason: 'unsafe target' })
    expect(ports.visited).toEqual(['/ui/'])
  })

  it('puts the address bar back on the page the user stays on when back or forward is refused', () => {
    const { app, ports } = boot()
    app.dispatch({ type: 'navigation/Navigate', to: '/login/forgot-password?x=1' })
    // The browser moved to the refused path before it asked.
    ports.visited.push('/ui//evil.example/')
    app.dispatch({ type: 'navigation/SyncFromHistory', to: '//evil.example/' }, 'router')
    expect(app.getState().navigation.lastDenial?.reason).toBe('unsafe target')
    expect(ports.visited.at(-1)).toBe('/ui/login/forgot-password?x=1')
  })

  it('leaves the address bar alone when the first page is refused: there is no page to stay on', () => {
    const { app, ports } = boot()
    ports.visited.push('/ui//evil.example/')
    app.dispatch({ type: 'navigation/SyncFromHistory', to: '//evil.example/' }, 'router')
    expect(app.getState().navigation.lastDenial?.reason).toBe('unsafe target')
    expect(ports.visited).toEqual(['/ui/', '/ui//evil.example/'])
  })

  it('closes modals and menus on navigation and remembers the previous path', () => {
    const { app } = boot()
    app.dispatch({ type: 'navigation/Navigate', to: '/login' })
    app.dispatch({ type: 'navigation/OpenModal', modal: 'repositoryCreation' })
    app.dispatch({ type: 'navigation/OpenMenu', menu: 'help' })
    expect(app.getState().navigation.openModals).toEqual(['repositoryCreation'])
    app.dispatch({ type: 'navigation/Navigate', to: '/login/registration' })
    expect(app.getState().navigation).toMatchObject({
      openModals: [],
      openMenu: undefined,
      previousPath: '/login',
    })
  })

  it('leaves for external http(s) addresses only', () => {
    const { app, ports } = boot()
    app.dispatch({ type: 'navigation/LeaveForExternal', url: 'https://sso.example/login' })
    app.dispatch({ type: 'navigation/LeaveForExternal', url: 'javascript:alert(1)' })
    expect(ports.visited).toEqual(['/ui/', 'https://sso.example/login'])
    expect(app.getState().bus.rejected).toBe(1)
  })

  it('records a chunk load failure once per area', () => {
    const { app, types } = boot()
    const failure = {
      type: 'navigation/RecordChunkFailure',
      area: 'packages',
      failure: 'error',
      request: '/ui/assets/packages.js',
    } as const
    app.dispatch(failure)
    app.dispatch(failure)
    expect(types).toEqual(['navigation/ChunkLoadFailed:ui'])
    expect(app.getState().navigation.failedChunks).toEqual(['packages'])
  })

  it('shows a toast and dismisses it', () => {
    const { app } = boot()
    const message = { key: 'saved', subject: 'generalSettings' } as const
    app.dispatch({ type: 'notifications/Show', kind: 'success', message })
    const toasts = app.getState().notifications.toasts
    expect(toasts).toEqual([{ id: expect.any(String), kind: 'success', message, at: expect.any(String) }])
    app.dispatch({ type: 'notifications/Dismiss', id: toasts[0]?.id ?? '' })
    expect(app.getState().notifications.toasts).toEqual([])
  })
})
