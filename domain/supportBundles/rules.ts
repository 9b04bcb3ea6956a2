/**
 * Pure rules of support bundles (spec 001 sections 3, 4, 5, 8, 9): the creation form and its
 * validation (each problem a message key, BundleMessage, worded by ui/supportBundles/messages.ts)
 * and the services offered.
 */
import { left, right, type Either } from 'fp-ts/Either'
import type { BundleRequest } from './types'
import {
  BUNDLE_NAME,
  MAX_BUNDLE_DESCRIPTION,
  MAX_BUNDLE_NAME,
  MAX_THREAD_DUMP_INTERVAL_SECS,
  MAX_THREAD_DUMPS,
  SUPPORT_BUNDLE_SERVICES,
} from './request'
import { invalidName, mandatory as MANDATORY } from '../shared/forms'
import type { FormMessage } from '../shared/messages'

export { SUPPORT_BUNDLE_SERVICES }

/** What a count counts, for its message. */
export type BundleCountUnit = 'threadDumps' | 'seconds'

/** The creation form's problems: the generic form keys and the form's own. */
export type BundleMessage =
  | FormMessage
  | { readonly key: 'bundleNameTooLong'; readonly max: number }
  | { readonly key: 'bundleDescriptionTooLong'; readonly max: number }
  | { readonly key: 'chooseService' }
  | { readonly key: 'wholeNumberOf'; readonly unit: BundleCountUnit; readonly max: number }

/** The creation form as typed: numbers stay text until validated, so nothing typed is lost. */
export interface BundleForm {
  readonly name: string
  readonly description: string
  readonly service: string
  readonly threadDumpCount: string
  readonly threadDumpInterval: string
}

export const defaultBundleForm: BundleForm = {
  name: '',
  description: '',
  service: 'artifactory',
  threadDumpCount: '1',
  threadDumpInterval: '0',
}

export type BundleFormErrors = Partial<Record<keyof BundleForm, BundleMessage>>

const NUMBER = /^\d+(\.\d*)?$/

/** A count typed as text → a whole number in [0, max] (fractions are cut), or the message. */
export function wholeNumber(text: string, max: number, unit: BundleCountUnit): Either<BundleMessage, number> {
  const value = text.trim()
  if (value === '') return left(MANDATORY)
  const outOfRange: BundleMessage = { key: 'wholeNumberOf', unit, max }
  if (!NUMBER.test(value)) return left(outOfRange)
  const whole = Math.floor(Number(value))
  return whole > max ? left(outOfRange) : right(whole)
}

/** Validates the creation form: every message at once, or the request to send. */
export function validateBundleForm(form: BundleForm): Either<BundleFormErrors, BundleRequest> {
  const errors: BundleFormErrors = {}
  const name = form.name.trim()
  if (name === '') errors.name = MANDATORY
  else if (name.length > MAX_BUNDLE_NAME) errors.name = { key: 'bundleNameTooLong', max: MAX_BUNDLE_NAME }
  else if (!BUNDLE_NAME.test(name)) errors.name = invalidName
  if (form.description.length > MAX_BUNDLE_DESCRIPTION)
    errors.description = { key: 'bundleDescriptionTooLong', max: MAX_BUNDLE_DESCRIPTION }
  if (!SUPPORT_BUNDLE_SERVICES.some((s) => s.name === form.service)) errors.service = { key: 'chooseService' }
  const count = wholeNumber(form.threadDumpCount, MAX_THREAD_DUMPS, 'threadDumps')
  if (count._tag === 'Left') errors.threadDumpCount = count.left
  const interval = wholeNumber(form.threadDumpInterval, MAX_THREAD_DUMP_INTERVAL_SECS, 'seconds')
  if (interval._tag === 'Left') errors.threadDumpInterval = interval.left
  if (Object.keys(errors).length > 0 || count._tag === 'Left' || interval._tag === 'Left') return left(errors)
  return right({
    name,
    description: form.description,
    service: form.service,
    threadDumpCount: count.right,
    threadDumpInterval: interval.right,
  })
}

/** Services offered: those the platform runs (Artifactory always). */
export function bundleServicesFor(runningKeys: ReadonlyArray<string>) {
  return SUPPORT_BUNDLE_SERVICES.filter((s) => s.key === 'jfrt' || runningKeys.includes(s.key))
}
