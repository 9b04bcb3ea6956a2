import type { ListState } from './types'

// A module of its own: the packages query (on the login page's entry) needs it, not the rules.
/** The rows the list holds: the rows of its pages (derived, never stored beside them). */
export const listRowCount = (list: Pick<ListState, 'pages'>): number =>
  list.pages.reduce((n, page) => n + page.length, 0)
