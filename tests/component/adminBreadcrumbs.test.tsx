// Every Administration page shows its breadcrumb trail, drawn by the chrome from the route: an
// admin walks every admin route of the registry and finds the Breadcrumb navigation on each,
// rooted in Administration and ending on the page (marked current).
import { describe, expect, it } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import { shellRoutes, isAdminPath } from '../../domain/navigation'
import { renderShell } from './shellFixtures'

const admin = { user: { name: 'admin', admin: true } } as const

/** Every admin route that draws a page (not one that only forwards), its parameters filled. */
const ADMIN_PATHS = shellRoutes
  .filter((r) => isAdminPath(r.pattern) && r.redirectTo === undefined)
  .map((r) => r.pattern.replace(/:(\w+)\??/g, 'some-$1'))

describe('admin breadcrumbs', { timeout: 120_000 }, () => {
  it('are on every admin route, rooted in Administration, ending on the page', async () => {
    expect(ADMIN_PATHS.length).toBeGreaterThan(30)
    const { app } = renderShell('/admin/artifactory/list', admin)
    for (const path of ADMIN_PATHS) {
      act(() => app.dispatch({ type: 'navigation/Navigate', to: path }))
      expect(app.getState().navigation.location.path, path).toBe(path)
      const crumbs = await waitFor(
        () => {
          const nav = screen.getByRole('navigation', { name: 'Breadcrumb' })
          const items = within(nav).getAllByRole('listitem')
          expect(items.at(-1), path).toHaveAttribute('aria-current', 'page')
          return items
        },
        { timeout: 10_000 },
      )
      expect(crumbs[0], path).toHaveTextContent('Administration')
      if (crumbs.length > 1)
        expect(within(crumbs[0]!).getByRole('link', { name: 'Administration' })).toHaveAttribute(
          'href',
          '/ui/admin/artifactory/list',
        )
      // One trail: no page adds a second of its own.
      expect(screen.getAllByRole('navigation', { name: 'Breadcrumb' }), path).toHaveLength(1)
    }
  })
})
