/**
 * The kit's catalogue: the words the kit's components say themselves (a Retry, a dialog's Close,
 * a table's loading status), as message keys with their data, worded here once, as the console's
 * catalogue words its keys (ui/shared/messages.ts). The components hold keys and resolve them
 * when they render; a caller's own word (a retryLabel, a buttonLabel) still replaces the kit's.
 * The date picker's words are its own catalogue (dateMessages.ts), in the picker's chunk only;
 * these go with the kit's base chunk, which every screen that draws the kit loads.
 */

export type KitMessage =
  | { readonly key: 'retry' }
  | { readonly key: 'cancel' }
  | { readonly key: 'close' }
  | { readonly key: 'loading' }
  // A table's status while it loads: 'Loading Users' (the table's name).
  | { readonly key: 'loadingNamed'; readonly name: string }
  // The header of a table's row actions column, for screen readers.
  | { readonly key: 'actions' }
  | { readonly key: 'breadcrumbs' }
  | { readonly key: 'chooseFile' }
  | { readonly key: 'showPassword' }
  | { readonly key: 'hidePassword' }
  | { readonly key: 'copy' }
  // The copy button's name: 'Copy install command' (what is copied).
  | { readonly key: 'copyNamed'; readonly name: string }
  | { readonly key: 'copied' }
  // A severity chip's word (its colour never says it alone).
  | { readonly key: 'severity'; readonly severity: Severity }

export type KitMessageKey = KitMessage['key']

export function kitText(message: KitMessage): string {
  switch (message.key) {
    case 'retry':
      return 'Retry'
    case 'cancel':
      return 'Cancel'
    case 'close':
      return 'Close'
    case 'loading':
      return 'Loading'
    case 'loadingNamed':
      return `Loading ${message.name}`
    case 'actions':
      return 'Actions'
    case 'breadcrumbs':
      return 'Breadcrumb'
    case 'chooseFile':
      return 'Choose a file'
    case 'showPassword':
      return 'Show password'
    case 'hidePassword':
      return 'Hide password'
    case 'copy':
      return 'Copy'
    case 'copyNamed':
      return `Copy ${message.name}`
    case 'copied':
      return 'Copied'
    case 'severity':
      return SEVERITY_NAMES[message.severity]
  }
}

/** A finding's severity, worded by the catalogue and drawn by the kit's SeverityChip. */
export type Severity = 'critical' | 'high' | 'medium' | 'low' | 'info' | 'unknown'

const SEVERITY_NAMES: Readonly<Record<Severity, string>> = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  info: 'Info',
  unknown: 'Unknown',
}
