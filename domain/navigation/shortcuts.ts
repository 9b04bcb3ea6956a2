/**
 * The console's keyboard shortcuts: which exist for a user, and what a key press means given
 * the key pressed before it (`g` then `p`). Pure: the layout listens to the keyboard and
 * dispatches what these rules return.
 */
import { isTour, type ShellContext } from './context'

export type ShortcutAction =
  'focusSearch' | 'openShortcuts' | 'goPackages' | 'goAdministration' | 'toggleDebugPanel' | 'closeOverlays'

export interface Shortcut {
  readonly action: ShortcutAction
  /** The keys in the order they are pressed, as a user reads them. */
  readonly keys: ReadonlyArray<string>
  readonly description: string
}

/** A sequence's first key waits this long for its second one. */
export const SEQUENCE_TIMEOUT_MS = 1500

const ALL: ReadonlyArray<Shortcut> = [
  { action: 'focusSearch', keys: ['/'], description: 'Focus the search bar' },
  { action: 'openShortcuts', keys: ['?'], description: 'Show keyboard shortcuts' },
  { action: 'goPackages', keys: ['g', 'p'], description: 'Go to packages' },
  { action: 'goAdministration', keys: ['g', 'a'], description: 'Go to administration' },
  { action: 'toggleDebugPanel', keys: ['g', 'd'], description: 'Open or close the debug tools' },
  { action: 'closeOverlays', keys: ['Escape'], description: 'Close menus, panels and dialogs' },
]

/** Shortcuts are hidden, like their menu item, for a non-admin in the tour (spec 000 section 6). */
export const shortcutsEnabled = (ctx: ShellContext): boolean => !(isTour(ctx) && !ctx.admin)

const canAdminister = (ctx: ShellContext) => ctx.admin || ctx.canAdminProjects

/** The shortcuts this user has (administration only for those who can administer). */
export function shortcutsFor(ctx: ShellContext): ReadonlyArray<Shortcut> {
  if (!shortcutsEnabled(ctx)) return ALL.filter((s) => s.action === 'closeOverlays')
  return ALL.filter((s) => s.action !== 'goAdministration' || canAdminister(ctx))
}

/** What the key was pressed on: shortcuts never fire while the user types. */
export interface KeyTarget {
  readonly tagName: string
  readonly isContentEditable: boolean
  readonly type?: string
}

const NON_TEXT_INPUTS: ReadonlySet<string> = new Set([
  'button',
  'checkbox',
  'radio',
  'submit',
  'reset',
  'range',
  'color',
  'file',
  'image',
])

export function isTypingTarget(target: KeyTarget | null): boolean {
  if (!target) return false
  if (target.isContentEditable) return true
  const tag = target.tagName.toUpperCase()
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true
  return tag === 'INPUT' && !NON_TEXT_INPUTS.has((target.type ?? 'text').toLowerCase())
}

export interface KeyPress {
  readonly key: string
  readonly ctrlKey: boolean
  readonly metaKey: boolean
  readonly altKey: boolean
  readonly target: KeyTarget | null
}

export interface KeyOutcome {
  /** The action to run, if the press completes a shortcut. */
  readonly action?: ShortcutAction
  /** The first key of a sequence now waiting for its second. */
  readonly pending?: string
}

/**
 * Interprets one key press after `pending` (the first key of a sequence, or undefined).
 * Escape always works (it only closes things); the others never fire while typing or with a
 * modifier (those belong to the browser).
 */
export function interpretKey(press: KeyPress, pending: string | undefined, ctx: ShellContext): KeyOutcome {
  if (press.key === 'Escape') return { action: 'closeOverlays' }
  if (press.ctrlKey || press.metaKey || press.altKey) return {}
  if (isTypingTarget(press.target)) return {}
  const available = shortcutsFor(ctx)
  const sequence = pending === undefined ? [press.key] : [pending, press.key]
  const done = available.find(
    (s) => s.keys.length === sequence.length && s.keys.every((k, i) => k === sequence[i]),
  )
  if (done) return { action: done.action }
  // A key that starts a sequence waits for the next one; a wrong second key starts over.
  const starts = available.some((s) => s.keys.length > 1 && s.keys[0] === press.key)
  return starts ? { pending: press.key } : {}
}
