/**
 * An area's manifest: everything the browser's composition needs of it, declared once beside its
 * screens (`ui/<area>/manifest.ts`) and listed in ui/areas.ts. The bus's registry and effects
 * (commands/browserApp.ts), the API ports (adapters/browser/browserPorts.ts) and the router's
 * screens and first requests, and what an area lends another's screens or the main layout
 * (ui/routes.tsx, ui/chrome.tsx) are derived from that list. Like ui/main.tsx, a
 * manifest is composition: it may name adapters. Everything it names but its initial state loads
 * lazily, so the login page pays only for a few lines an area.
 */
import type { ComponentType } from 'react'
import type { AppCommand, AppState } from '../domain/app'
import type { RouteMatch } from '../domain/navigation'
import type { AreaPorts } from '../adapters/browser/browserPorts'
import type { BrowserArea } from '../commands/browserApp'
import type { ChromePart, PartLoaders } from './shared/parts'

/**
 * What a route asks for first, from its match, its query string (without `?`) and the app's state
 * at that moment (start-up may not have answered yet); null for nothing.
 */
export type FirstIntent = (match: RouteMatch, search: string, state: AppState) => AppCommand | null

export interface AreaManifest extends BrowserArea {
  /**
   * The area's API ports over the one HTTP client (lazily loaded, as a rule). `fetch`: the
   * browser's, answering the reads that came with the page first (GraphQL clients take it);
   * `host`: where they run (the page, or a Node script: composition/scriptPorts.ts).
   */
  readonly ports?: AreaPorts
  /** The screen of the area's routes: a lazily loaded chunk. */
  readonly screen?: () => Promise<{ readonly default?: ComponentType }>
  /**
   * What the area's route asks for as soon as the route is settled, while the chrome and the
   * screen's chunk still load: the screen, once mounted, finds it on its way or shown. Loaded
   * lazily, from a module the screen's chunk has anyway.
   */
  readonly firstIntent?: () => Promise<FirstIntent>
  /** Pieces the area lends other areas' screens (ui/shared/parts.tsx), each loaded lazily. */
  readonly parts?: PartLoaders
  /** Pieces the area lends the main layout (its panels and dialogs), in the order drawn. */
  readonly chrome?: ReadonlyArray<ChromePart<AppState>>
}
