// The words of the security screens: the form rules' problems (domain/xray/forms.ts's keys), the
// outcome of each change, scan statuses and the screens' fixed texts. The domain carries keys.
import type { XrayChangeKind, XrayMessage, XraySeverity, ScanStatus } from '../../domain/xray'
import { formText } from '../shared/formMessages'

export function xrayText(message: XrayMessage): string {
  switch (message.key) {
    case 'xrayAtLeastOneRule':
      return 'Add at least one rule'
    case 'xrayRuleNamesDiffer':
      return 'Another rule of this policy has this name'
    case 'xrayCvssRange':
      return 'Enter a CVSS score from 0 to 10'
    case 'xrayLicenceRuleEmpty':
      return 'Name the allowed or the banned licences, or refuse versions without one'
    case 'xrayChooseRepositories':
      return 'Choose at least one repository'
    case 'xrayChooseBuilds':
      return 'Name at least one build'
    case 'xrayChooseScope':
      return 'Choose at least one fact the exception applies to'
    case 'xrayExpiryNotDate':
      return 'Enter the day as YYYY-MM-DD'
    case 'xrayExpiryPast':
      return 'Choose a day after today'
    case 'xrayRetentionRange':
      return 'Enter a whole number of days from 1 to 3650'
    case 'xrayWebhookUrl':
      return 'Enter an http(s) address, or leave it empty to send none'
    default:
      return formText(message)
  }
}

/** How a violation's notification went, as the Scans Settings list says it. */
export function notificationStatusText(status: string): string {
  switch (status) {
    case 'pending':
      return 'Waiting'
    case 'sending':
      return 'Sending'
    case 'sent':
      return 'Sent'
    case 'failed':
      return 'Given up'
    case 'ignored':
      return 'Not sent: ignored'
    case 'unsent':
      return 'Not sent'
    default:
      return status
  }
}

/** What a finished change did, said once it is done. */
export function changeDoneText(kind: XrayChangeKind, subject: string): string {
  switch (kind) {
    case 'savePolicy':
      return `Policy ${subject} saved`
    case 'deletePolicy':
      return `Policy ${subject} deleted`
    case 'saveWatch':
      return `Watch ${subject} saved; its violations were computed again`
    case 'deleteWatch':
      return `Watch ${subject} deleted`
    case 'ignore':
      return `Ignore rule added: ${subject} no longer counts as a violation where it applies`
    case 'removeIgnoreRule':
      return 'Ignore rule removed'
    case 'rescan':
      return `${subject} scanned again`
    case 'saveIndexed':
      return 'Indexed repositories saved; their versions are being scanned'
    case 'saveSettings':
      return 'Scans settings saved'
    case 'importAdvisories':
    case 'importAdvisoryFile':
      // The rescan, when the scans settings ask for one, shows on the import's row as it goes.
      return `Advisories imported from ${subject}`
    case 'rescanImport':
      return 'Scanning again for the import'
    case 'createReport':
      return `Report ${subject} asked for: the platform is making it`
    case 'deleteReport':
      return `Report ${subject} deleted`
    case 'scanGit':
      return 'Git repositories scanned again'
  }
}

/** What a refused change was, before the platform's reason. */
export function changeFailedText(kind: XrayChangeKind, subject: string): string {
  switch (kind) {
    case 'savePolicy':
      return `Policy ${subject} was not saved`
    case 'deletePolicy':
      return `Policy ${subject} was not deleted`
    case 'saveWatch':
      return `Watch ${subject} was not saved`
    case 'deleteWatch':
      return `Watch ${subject} was not deleted`
    case 'ignore':
      return 'The ignore rule was not added'
    case 'removeIgnoreRule':
      return 'The ignore rule was not removed'
    case 'rescan':
      return `${subject} was not scanned again`
    case 'saveIndexed':
      return 'The indexed repositories were not saved'
    case 'saveSettings':
      return 'The scans settings were not saved'
    case 'importAdvisories':
      return 'The advisories were not imported'
    case 'importAdvisoryFile':
      return `The advisories of ${subject} were not imported`
    case 'rescanImport':
      return 'The rescan was not started'
    case 'createReport':
      return `Report ${subject} was not asked for`
    case 'deleteReport':
      return `Report ${subject} was not deleted`
    case 'scanGit':
      return 'The git repositories were not scanned again'
  }
}

export const SCAN_STATUS_TEXT: Readonly<Record<ScanStatus, string>> = {
  not_scanned: 'Not scanned',
  scanning: 'Scanning',
  scanned: 'Scanned',
  failed: 'Failed',
}

export const SEVERITY_WORDS: Readonly<Record<XraySeverity, string>> = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  unknown: 'Unknown',
}
