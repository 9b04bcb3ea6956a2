/**
 * Pure rules of support bundles (spec 001 sections 3, 4, 5, 8, 9): the creation form and its
 * validation and the services offered.
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
import { MANDATORY_MESSAGE as MANDATORY } from '../shared/formWords'
import { NAME_MESSAGE } from '../shared/forms'

export { SUPPORT_BUNDLE_SERVICES }

export { MANDATORY_MESSAGE as MANDATORY } from '../shared/formWords'
export { NAME_MESSAGE } from '../shared/forms'

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

export type BundleFormErrors = Partial<Record<keyof BundleForm, string>>

const NUMBER = /^\d+(\.\d*)?$/

/** A count typed as text → a whole number in [0, max] (fractions are cut), or the message. */
export function wholeNumber(text: string, max: number, unit: string): Either<string, number> {
  const value = text.trim()
  if (value === '') return left(MANDATORY)
  if (!NUMBER.test(value)) return left(`Enter a whole number of ${unit} from 0 to ${max}`)
  const whole = Math.floor(Number(value))
  return whole > max ? left(`Enter a whole number of ${unit} from 0 to ${max}`) : right(whole)
}

/** Validates the creation form: every message at once, or the request to send. */
export function validateBundleForm(form: BundleForm): Either<BundleFormErrors, BundleRequest> {
  const errors: Record<string, string> = {}
  const name = form.name.trim()
  if (name === '') errors.name = MANDATORY
  else if (name.length > MAX_BUNDLE_NAME) errors.name = `Name can be at most ${MAX_BUNDLE_NAME} characters`
  else if (!BUNDLE_NAME.test(name)) errors.name = NAME_MESSAGE
  if (form.description.length > MAX_BUNDLE_DESCRIPTION)
    errors.description = `Description can be at most ${MAX_BUNDLE_DESCRIPTION} characters`
  if (!SUPPORT_BUNDLE_SERVICES.some((s) => s.name === form.service)) errors.service = 'Choose a service'
  const count = wholeNumber(form.threadDumpCount, MAX_THREAD_DUMPS, 'thread dumps')
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
