// Remaining navigation rules of spec 000 section 4: the quick action, the project context and the
// Application sidebar's Overview.
import { describe, expect, it } from 'vitest'
import { right } from 'fp-ts/Either'
import { createApp } from '../../composition/createApp'
import { navigationEffects } from '../../commands/effects/navigation'
import { platformEffects } from '../../commands/effects/platform'
import {
  anonymousContext,
  menuBlock,
  quickActionVisible,
  sidebarItems,
  topMenuItems,
  type ShellContext,
} from '../../domain/navigation'
import { fakePorts } from '../support/fakePorts'
import { platformApi, startedAs } from '../support/fixtures'

describe('quick action', () => {
  const ctx: ShellContext = {
    ...anonymousContext,
    signedIn: true,
    features: { newOnboardingQuickAction: true },
  }
  it('shows with the new-onboarding quick action, except on the quick-setup page', () => {
    expect(quickActionVisible(ctx, '/packages')).toBe(true)
    expect(quickActionVisible(ctx, '/quick-setup')).toBe(false)
    expect(quickActionVisible({ ...ctx, features: {} }, '/packages')).toBe(false)
    expect(quickActionVisible({ ...ctx, signedIn: false }, '/packages')).toBe(false)
  })
})

describe('project context', () => {
  function admin() {
    const app = createApp({
      ports: fakePorts(),
      effects: navigationEffects,
      seed: startedAs({ name: 'admin', admin: true }),
    })
    app.dispatch({ type: 'navigation/SyncFromHistory', to: '/packages' }, 'router')
    app.dispatch({ type: 'navigation/SelectProject', key: 'proj' })
    return app
  }

  it('is kept on project pages and application pages', () => {
    const app = admin()
    app.dispatch({ type: 'navigation/Navigate', to: '/admin/projects/overview/proj' })
    app.dispatch({ type: 'navigation/Navigate', to: '/admin/projects/members/proj' })
    app.dispatch({ type: 'navigation/Navigate', to: '/packages' })
    expect(app.getState().navigation.selectedProject).toBe('proj')
  })

  it('resets on a platform-wide administration page, with the sidebar following the route', () => {
    const app = admin()
    app.dispatch({ type: 'navigation/Navigate', to: '/admin/projects/overview/proj' })
    expect(app.getState().navigation.sidebar).toBe('projectSettings')
    app.dispatch({ type: 'navigation/Navigate', to: '/admin/proxies/configuration/list' })
    expect(app.getState().navigation.selectedProject).toBeUndefined()
    expect(app.getState().navigation.sidebar).toBe('administration')
  })
})

describe('security scanner on project change', () => {
  function boot(services: ReadonlyArray<string>) {
    const asked: string[] = []
    const app = createApp({
      ports: fakePorts({
        platformApi: platformApi({
          microserviceEnabled: async (key: string) => {
            asked.push(key)
            return right(true)
          },
        }),
      }),
      effects: { ...navigationEffects, ...platformEffects },
      seed: startedAs({ name: 'admin', admin: true, services }),
    })
    return { app, asked }
  }

  it('asks for the scanner state again when the project changes, where the scanner runs', async () => {
    const { app, asked } = boot(['artifactory', 'xray'])
    expect(app.getState().platform.scanningInitialised).toBe(false)
    app.dispatch({ type: 'navigation/SelectProject', key: 'proj' })
    await expect.poll(() => asked).toEqual(['xray'])
    await expect.poll(() => app.getState().platform.scanningInitialised).toBe(true)
    app.dispatch({ type: 'navigation/SelectProject' })
    await expect.poll(() => asked).toEqual(['xray', 'xray'])
  })

  it('asks nothing where the scanner does not run', () => {
    const { app, asked } = boot(['artifactory'])
    app.dispatch({ type: 'navigation/SelectProject', key: 'proj' })
    // The effect sees the selection as it is recorded: once it is in the state, it asked or not.
    expect(app.getState().navigation.selectedProject).toBe('proj')
    expect(asked).toEqual([])
    expect(app.exportLog()).not.toContain('platform/ScannerRecheckRequested')
  })
})

describe('the user menu (spec 000 §6)', () => {
  const titles = (ctx: ShellContext) => topMenuItems(ctx).map((i) => i.title)
  it('a guest can find Log in; everyone signed in has Log out and no Log in', () => {
    expect(titles(anonymousContext)).toEqual(['Set Me Up', 'Navigation Tour', 'Log in'])
    expect(topMenuItems(anonymousContext).find((i) => i.id === 'login')?.href).toBe('/login')
    for (const admin of [false, true]) {
      const signed = titles({ ...anonymousContext, signedIn: true, userName: 'u', admin })
      expect(signed).toContain('Log out')
      expect(signed).not.toContain('Log in')
    }
  })
})

describe('the Overview item of the Application sidebar', () => {
  const signed: ShellContext = { ...anonymousContext, signedIn: true, userName: 'developer' }
  const titles = (ctx: ShellContext) => sidebarItems('application', ctx).map((i) => i.title)
  it('comes first where the instance has the home page `/` lands on, and links to it', () => {
    const ctx = { ...signed, features: { homePage: true, artifactBrowser: true } }
    expect(titles(ctx).slice(0, 3)).toEqual(['Overview', 'Packages', 'Artifacts'])
    expect(sidebarItems('application', ctx)[0]?.href).toBe('/overview')
    expect(menuBlock('/overview', ctx)).toBeUndefined()
  })
  it('is hidden, and its page denied, where there is no home page (oss, lightweight, …)', () => {
    const ctx = { ...signed, flavour: 'oss' as const, features: { artifactBrowser: true } }
    expect(titles(ctx)).not.toContain('Overview')
    expect(menuBlock('/overview', ctx)).toBe('menu item Overview is hidden (no home page)')
  })
})

describe('a sidebar item whose service is missing', () => {
  const signed: ShellContext = {
    ...anonymousContext,
    signedIn: true,
    userName: 'developer',
    licenseType: 'Enterprise+',
  }
  it('is disabled with the reason as a message key (the view words it), not a sentence', () => {
    const policies = (services: string[]) =>
      sidebarItems('application', { ...signed, services }).find((i) => i.title === 'Policies')
    expect(policies(['artifactory'])).toMatchObject({
      disabled: true,
      tooltip: { key: 'requiresService', service: 'xray' },
    })
    expect(policies(['artifactory', 'xray'])).toMatchObject({ disabled: false })
    expect(policies(['artifactory', 'xray'])?.tooltip).toBeUndefined()
  })
})
