/**
 * The support bundles' part of the message catalogue: the creation form's own keys
 * (domain/supportBundles/rules.ts, BundleMessage) worded here, in the area's chunk.
 */
import type { BundleCountUnit, BundleMessage, SupportBundlesState } from '../../domain/supportBundles'
import { formText } from '../shared/formMessages'

const UNITS: Readonly<Record<BundleCountUnit, string>> = { threadDumps: 'thread dumps', seconds: 'seconds' }

export function bundleText(message: BundleMessage): string {
  switch (message.key) {
    case 'bundleNameTooLong':
      return `Name can be at most ${message.max} characters`
    case 'bundleDescriptionTooLong':
      return `Description can be at most ${message.max} characters`
    case 'chooseService':
      return 'Choose a service'
    case 'wholeNumberOf':
      return `Enter a whole number of ${UNITS[message.unit]} from 0 to ${message.max}`
    default:
      return formText(message)
  }
}

const RETENTION: Readonly<Record<SupportBundlesState['retention']['status'], string>> = {
  idle: 'checking…',
  loading: 'checking…',
  enabled: 'enabled',
  disabled: 'disabled',
}

/** The platform's release-bundle retention, said at Support Zone's foot (spec 001 "Retention status"). */
export function retentionText(retention: SupportBundlesState['retention']): string {
  return retention.failed
    ? 'Release bundle retention: disabled (its setting could not be read).'
    : `Release bundle retention: ${RETENTION[retention.status]}.`
}
