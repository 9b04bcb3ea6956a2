/** The keyboard shortcuts of the main layout (ShortcutsDialog.tsx lists them). */
import { useEffect, useRef } from 'react'
import { interpretKey, SEQUENCE_TIMEOUT_MS, type ShortcutAction } from '../../domain/navigation/shortcuts'
import { contextOf } from '../../queries/navigation'
import { useApp } from '../shared/appContext'
import { useNavigate } from '../shared/busLocation'

/**
 * The universal search bar's text field (ui/search/SearchBar.tsx renders it in a search
 * landmark, after the search type's Select, which is a combobox too but a button).
 */
export function focusSearchBar(): boolean {
  const field = document.querySelector<HTMLElement>('form[role="search"] input')
  field?.focus()
  return field !== null
}

const modalOpen = () => document.querySelector('[role="dialog"][aria-modal="true"]') !== null

/** Listens to the keyboard on the whole page while the main layout is shown. */
export function useKeyboardShortcuts(): void {
  const app = useApp()
  const navigate = useNavigate()
  const pending = useRef<{ key: string; at: number } | undefined>(undefined)
  useEffect(() => {
    const run = (action: ShortcutAction): boolean => {
      const nav = app.getState().navigation
      const tourRunning = app.getState().tour.running !== undefined
      switch (action) {
        case 'focusSearch':
          return focusSearchBar()
        case 'openShortcuts':
          app.dispatch({ type: 'navigation/OpenModal', modal: 'keyboardShortcuts' }, 'ui')
          return true
        case 'goPackages':
          navigate('/packages')
          return true
        case 'goAdministration':
          app.dispatch({ type: 'navigation/GoToAdminLanding' }, 'ui')
          return true
        case 'toggleDebugPanel':
          app.dispatch({ type: 'navigation/ToggleDebugPanel' }, 'ui')
          return true
        case 'closeOverlays': {
          // Dialogs close themselves on Escape; this closes what is not a dialog.
          let closed = false
          if (nav.openMenu !== undefined) {
            app.dispatch({ type: 'navigation/OpenMenu', menu: null }, 'ui')
            closed = true
          }
          if (tourRunning) {
            app.dispatch({ type: 'tour/End', completed: false }, 'ui')
            closed = true
          }
          if (app.getState().setMeUp.panel?.visible && !modalOpen()) {
            app.dispatch({ type: 'setMeUp/Hide' }, 'ui')
            closed = true
          }
          return closed
        }
      }
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return
      const before = pending.current
      const waiting = before && event.timeStamp - before.at <= SEQUENCE_TIMEOUT_MS ? before.key : undefined
      const target = event.target instanceof HTMLElement ? event.target : null
      const outcome = interpretKey(
        {
          key: event.key,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          altKey: event.altKey,
          target: target && {
            tagName: target.tagName,
            isContentEditable: target.isContentEditable,
            type: target.getAttribute('type') ?? undefined,
          },
        },
        waiting,
        // The same context the menus are built from.
        contextOf(app.getState()),
      )
      pending.current = outcome.pending ? { key: outcome.pending, at: event.timeStamp } : undefined
      if (!outcome.action) return
      // Inside a modal dialog only Escape (the dialog's own) applies.
      if (outcome.action !== 'closeOverlays' && modalOpen()) return
      if (run(outcome.action) && outcome.action !== 'closeOverlays') event.preventDefault()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [app, navigate])
}
