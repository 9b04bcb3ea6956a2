/**
 * The breadcrumbs of an Administration page: one root on every one of them, Administration,
 * the grid of every admin page (All settings), then the page's own trail. The pages that had
 * breadcrumbs started them three ways: a linked Administration, a bare one, and none.
 */
export const ADMIN_ROOT_CRUMB = { label: 'Administration', href: '/ui/admin/artifactory/list' } as const

export const adminCrumbs = (
  ...trail: ReadonlyArray<{ readonly label: string; readonly href?: string }>
): ReadonlyArray<{ readonly label: string; readonly href?: string }> => [ADMIN_ROOT_CRUMB, ...trail]
