// The navigation tour (spec 000): hidden for a non-admin in the tour environment; otherwise
// it walks the chrome, with the sidebar switch where the sidebar has one (an admin's, or a project
// admin's with a project chosen), and a page step only where the guide context is tracked and known.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  anonymousContext,
  GUIDED_CONTEXTS,
  tracksGuideContext,
  type ShellContext,
} from '../../domain/navigation'
import { tourAvailable, tourSteps } from '../../domain/tour'

const context: fc.Arbitrary<ShellContext> = fc
  .record({
    admin: fc.boolean(),
    canAdminProjects: fc.boolean(),
    cloud: fc.boolean(),
    flavour: fc.constantFrom('platform', 'tour', 'cloud-trial', 'lightweight', 'oss'),
    selectedProject: fc.option(fc.constantFrom('alpha', 'beta'), { nil: undefined }),
  })
  .map(({ selectedProject, ...over }) => ({
    ...anonymousContext,
    startupSettled: true,
    signedIn: true,
    userName: 'u',
    ...over,
    ...(selectedProject === undefined ? {} : { selectedProject }),
  }))
const guide = fc.option(fc.oneof(fc.constantFrom(...GUIDED_CONTEXTS), fc.string({ maxLength: 6 })), {
  nil: undefined,
})

describe('tour steps', () => {
  it('follow who the user is and where they are', () => {
    fc.assert(
      fc.property(context, guide, (ctx, guideContext) => {
        const steps = tourSteps(ctx, guideContext).map((s) => s.id)
        const hidden = ctx.flavour === 'tour' && !ctx.admin
        expect(tourAvailable(ctx)).toBe(!hidden)
        if (hidden) {
          expect(steps).toEqual([])
          return
        }
        const expected = [
          'navigation',
          // The sidebar's switch: Administration for an admin, Project settings for a project
          // admin with a project chosen; a project admin with all projects has nothing to switch to.
          ...(ctx.admin || (ctx.canAdminProjects && ctx.selectedProject !== undefined)
            ? ['sidebarSwitch']
            : []),
          'search',
          'topMenu',
          'setMeUp',
          'help',
          ...(tracksGuideContext(ctx) && guideContext !== undefined && GUIDED_CONTEXTS.includes(guideContext)
            ? ['page']
            : []),
        ]
        expect(steps).toEqual(expected)
      }),
    )
  })
})
