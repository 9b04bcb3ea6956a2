import type { Result } from './result'

// The navigation (per-user console preferences) area's API port (adapters/ports.ts).
export type NavigationType = 'new' | 'classic'
export interface NavigationApi {
  /** The signed-in user's navigation type. */
  navigationType(): Promise<Result<NavigationType>>
  saveNavigationType(type: NavigationType): Promise<Result<NavigationType>>
}
