/**
 * Who is looking, as search and packages read it (domain/search/viewer.ts): the user's name or
 * anonymous, the platform's enabled services (the artifact manager always among them), its
 * licence and features, the project chosen and whether the page is in the admin area. The
 * search types offered and their paths are decided from this (search-types.test.ts).
 */
import { describe, expect, it } from 'vitest'
import { initialAppState } from '../../domain/app'
import type { Microservice } from '../../domain/platform/types'
import { viewerOf, type ViewerSlices } from '../../domain/search/viewer'
import { footer, user } from '../support/fixtures'

const service = (name: string, enabled = true): Microservice => ({ name, key: name.toLowerCase(), enabled })

function slices(
  over: {
    readonly user?: ReturnType<typeof user> | null
    readonly microservices?: ReadonlyArray<Microservice>
    readonly licenseType?: string | null
    readonly flavour?: string
    readonly features?: Readonly<Record<string, boolean>>
    readonly path?: string
    readonly project?: string
  } = {},
): ViewerSlices {
  const licenseType = over.licenseType === undefined ? 'ENTERPRISE_PLUS' : over.licenseType
  return {
    session: { ...initialAppState.session, user: over.user === undefined ? user() : over.user },
    platform: {
      ...initialAppState.platform,
      microservices: over.microservices ?? [],
      footer:
        licenseType === null
          ? null
          : footer({ serverName: 'test', licenseType, copyright: '', flavour: over.flavour ?? 'platform' }),
      features: over.features ?? {},
    },
    navigation: {
      location: { path: over.path ?? '/packages', query: '' },
      ...(over.project === undefined ? {} : { selectedProject: over.project }),
    },
  } as ViewerSlices
}

describe('the viewer of search and packages', () => {
  it('is the signed-in user by name; anonymous with no user or the anonymous user', () => {
    expect(viewerOf(slices({ user: user({ name: 'alice' }) })).userName).toBe('alice')
    expect(viewerOf(slices({ user: null })).userName).toBe('anonymous')
    expect(viewerOf(slices({ user: user({ name: 'anon', anonymous: true }) })).userName).toBe('anonymous')
  })

  it('has the enabled services by lowercase name, the artifact manager always first when not listed', () => {
    const v = viewerOf(
      slices({ microservices: [service('Xray'), service('Distribution', false), service('Pipelines')] }),
    )
    expect(v.services).toEqual(['artifactory', 'xray', 'pipelines'])
    const listed = viewerOf(slices({ microservices: [service('Xray'), service('Artifactory')] }))
    expect(listed.services).toEqual(['xray', 'artifactory'])
  })

  it('has the licence of the footer, or none before the footer is loaded', () => {
    expect(viewerOf(slices({ licenseType: 'ENTERPRISE_X' })).licenseType).toBe('ENTERPRISE_X')
    expect(viewerOf(slices({ licenseType: null })).licenseType).toBe('')
  })

  it('is in the tour only on the tour flavour', () => {
    expect(viewerOf(slices({ flavour: 'tour' })).isTour).toBe(true)
    expect(viewerOf(slices({ flavour: 'platform' })).isTour).toBe(false)
  })

  it('has the project chosen, or none for all projects', () => {
    expect(viewerOf(slices({ project: 'acme' })).projectKey).toBe('acme')
    expect(viewerOf(slices()).projectKey).toBeNull()
  })

  it('is in the admin area on an admin page, with or without the console base', () => {
    for (const path of ['/admin', '/admin/management/users', '/ui/admin/proxies/configuration'])
      expect(viewerOf(slices({ path })).inAdminArea, path).toBe(true)
    for (const path of ['/', '/ui', '/ui/packages', '/packages/admin', '/uiadmin', '/ui/ui/admin'])
      expect(viewerOf(slices({ path })).inAdminArea, path).toBe(false)
  })

  it('has anonymous Xray access only when the feature is on, and the features as loaded', () => {
    expect(viewerOf(slices({ features: { anonymousXrayAccess: true } })).anonymousXrayAccess).toBe(true)
    expect(viewerOf(slices({ features: { anonymousXrayAccess: false } })).anonymousXrayAccess).toBe(false)
    expect(viewerOf(slices()).anonymousXrayAccess).toBe(false)
    expect(viewerOf(slices({ features: { releaseBundlesV2: true } })).features).toEqual({
      releaseBundlesV2: true,
    })
  })
})
