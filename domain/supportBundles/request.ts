/**
 * The bounds of a creation request, shared by the form's validation (rules.ts, with a message
 * per field) and by `decide`, which only needs to know whether a request is acceptable and so
 * keeps the messages out of the code every page loads.
 */
import type { BundleRequest } from './types'

/** Support bundle services (spec 001 section 9), with their platform service keys. */
export const SUPPORT_BUNDLE_SERVICES: ReadonlyArray<{
  readonly name: string
  readonly key: string
  readonly label: string
}> = [
  { name: 'artifactory', key: 'jfrt', label: 'Artifactory' },
  { name: 'xray', key: 'jfxr', label: 'Xray' },
  { name: 'distribution', key: 'jfds', label: 'Distribution' },
  { name: 'mission_control', key: 'jfmc', label: 'Mission Control' },
  { name: 'insight', key: 'jfisv', label: 'Insight' },
  { name: 'tracker', key: 'jftrk', label: 'Tracker' },
]
export const BUNDLE_NAME = /^[A-Za-z0-9._-]+$/
export const MAX_BUNDLE_NAME = 64
export const MAX_BUNDLE_DESCRIPTION = 1000
export const MAX_THREAD_DUMPS = 10
export const MAX_THREAD_DUMP_INTERVAL_SECS = 10

const whole = (n: number, max: number) => Number.isInteger(n) && n >= 0 && n <= max

/** Why a request cannot be sent, or null when it can. */
export function bundleRequestProblem(r: BundleRequest): string | null {
  if (!BUNDLE_NAME.test(r.name) || r.name.length > MAX_BUNDLE_NAME) return 'name'
  if (r.description.length > MAX_BUNDLE_DESCRIPTION) return 'description'
  if (!SUPPORT_BUNDLE_SERVICES.some((s) => s.name === r.service)) return 'service'
  if (!whole(r.threadDumpCount, MAX_THREAD_DUMPS)) return 'thread dump count'
  if (!whole(r.threadDumpInterval, MAX_THREAD_DUMP_INTERVAL_SECS)) return 'thread dump interval'
  return null
}

/** A console session larger than this (its redacted log, in bytes) is not attached. */
export const MAX_SESSION_BYTES = 16 * 1024 * 1024
