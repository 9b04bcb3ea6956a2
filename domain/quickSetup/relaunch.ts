/**
 * Which package types have a guided client flow that setting up a client relaunches instead of
 * opening set-me-up (spec 000 section 4, onboarding), and how many steps each flow has: the
 * set-up steps of ./setMeUp.ts for the type, then a last step that confirms.
 */
import { canonicalPackageType } from '../packageTypes'
import { NAME_PATTERN } from '../shared/forms'

export const RELAUNCH_FLOW_STEPS: Readonly<Record<string, number>> = {
  npm: 5,
  pypi: 3,
  maven: 3,
  docker: 7,
  go: 3,
  helm: 3,
}

export const isRepoKey = (repo: string): boolean =>
  repo.length > 0 && repo.length <= 64 && NAME_PATTERN.test(repo)

/** Whether setting up a client for this type and repository runs the guided flow instead of set-me-up. */
export function relaunchFlowSupported(packageType: string, repo: string): boolean {
  return (
    Object.prototype.hasOwnProperty.call(RELAUNCH_FLOW_STEPS, canonicalPackageType(packageType)) &&
    isRepoKey(repo)
  )
}

/** The number of steps of the guided flow of a package type (0 without one). */
export const clientFlowLength = (packageType: string): number =>
  relaunchFlowSupported(packageType, 'x') ? (RELAUNCH_FLOW_STEPS[canonicalPackageType(packageType)] ?? 0) : 0
