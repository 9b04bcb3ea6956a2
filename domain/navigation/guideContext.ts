/**
 * The guide context: the part of the product a path belongs to. Tour and cloud-trial instances
 * match it to the path after each navigation (the tour's page step and the trial's guides follow it).
 */
import { isCloudTrial, isTour, type ShellContext } from './context'
import { findRoute } from './routes'

/** Tour and cloud-trial instances guide by page: the context is matched to the path after each navigation. */
export const tracksGuideContext = (ctx: ShellContext): boolean => isTour(ctx) || isCloudTrial(ctx)

/** The guide contexts that have a page step of their own. */
export const GUIDED_CONTEXTS: ReadonlyArray<string> = [
  'gettingStarted',
  'packages',
  'artifacts',
  'builds',
  'distribution',
  'security',
  'administration',
]

/** The guide context of a path: the part of the product it belongs to. */
export function guideContextFor(path: string): string {
  const match = findRoute(path)
  if (!match) return 'general'
  const { route } = match
  if (route.sidebar === 'administration' || route.sidebar === 'projectSettings' || route.adminOnly)
    return 'administration'
  if (route.name === 'getStarted' || route.name === 'tourGetStarted' || route.name === 'quickSetup')
    return 'gettingStarted'
  if (route.name === 'packages') return 'packages'
  if (route.name.startsWith('repos') || route.name === 'artifacts') return 'artifacts'
  if (route.name === 'builds') return 'builds'
  if (route.area === 'releaseBundles') return 'distribution'
  if (
    ['policies', 'watches', 'violations', 'reports', 'trends', 'scans', 'securityPolicies'].includes(
      route.name,
    )
  )
    return 'security'
  return 'general'
}
