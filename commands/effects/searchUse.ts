import type { AppEvent } from '../../domain/app'

/**
 * The search area's first use: one of its events, or the rejection of one of its commands (the
 * search bar's first sync with the URL is rejected when the URL holds nothing new). The
 * browser loads the area's effects then (ui/search/manifest.ts), so the login page, where there
 * is no search bar, carries none of them.
 */
export const isSearchUse = (event: AppEvent): boolean =>
  event.type.startsWith('search/') ||
  (event.type === 'bus/CommandRejected' && event.data.command.startsWith('search/'))
