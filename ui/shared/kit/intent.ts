/**
 * A control whose library is heavy (the top bar's menus: Radix DropdownMenu and its menu
 * primitives) is drawn first as a plain stand-in with the same role, name, state and look, and
 * its code is asked for when the user shows intent: the pointer comes over the stand-in, it
 * takes the focus, or a press opens it. A first page then loads none of it, and the control
 * arrives in the time a hand takes to press.
 *
 * The swap is a transition, inside a Suspense boundary that already shows the stand-in, so React
 * keeps the stand-in on screen until the control is ready and replaces it in one commit. A
 * stand-in that had the focus when it left hands it to the control (the same nth focusable
 * element): a keyboard user who tabbed onto a menu button keeps their place.
 *
 * The swap replaces the stand-in's elements: a caller that keeps an element (a test) finds it
 * gone once the control is in, so it looks the control up again by role and name.
 */
import { startTransition, useCallback, useRef, useState, type Ref, type RefCallback } from 'react'

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]'

function focusables(node: Element): Element[] {
  return [...(node.matches(FOCUSABLE) ? [node] : []), ...node.querySelectorAll(FOCUSABLE)]
}

export interface Intent {
  /** Whether the user has shown intent: render the control (in a Suspense boundary). */
  readonly wanted: boolean
  /** The user showed intent (pointer over, focus, click, key): load the control. */
  readonly want: () => void
  /** The stand-in's ref: notes, as it leaves, which of its focusable elements had the focus. */
  readonly standIn: RefCallback<HTMLElement>
  /** The control's ref: takes the focus the stand-in had. */
  readonly control: RefCallback<HTMLElement>
}

export function useIntent(): Intent {
  const [wanted, setWanted] = useState(false)
  // Which focusable element of the stand-in had the focus when it left (-1: none).
  const focusAt = useRef(-1)
  const want = useCallback(() => startTransition(() => setWanted(true)), [])
  const standIn = useCallback((node: HTMLElement | null) => {
    if (!node) return
    // A stand-in drawn again (as the Suspense fallback) after one that had the focus takes it.
    if (focusAt.current >= 0) (focusables(node)[focusAt.current] as HTMLElement | undefined)?.focus()
    // Ref cleanups run before the node leaves the document: the focus is still where it was.
    return () => {
      focusAt.current = focusables(node).indexOf(document.activeElement as Element)
    }
  }, [])
  const control = useCallback((node: HTMLElement | null) => {
    if (!node || focusAt.current < 0) return
    const at = focusAt.current
    focusAt.current = -1
    ;(focusables(node)[at] as HTMLElement | undefined)?.focus()
  }, [])
  return { wanted, want, standIn, control }
}

/** One ref from several (the caller's and the kit's own). */
export function mergeRefs<T>(...refs: ReadonlyArray<Ref<T> | undefined>): RefCallback<T> {
  return (node) => {
    const cleanups = refs.map((ref) => {
      if (typeof ref === 'function') return ref(node)
      if (ref) ref.current = node
      return undefined
    })
    return () => {
      refs.forEach((ref, i) => {
        const cleanup = cleanups[i]
        if (typeof cleanup === 'function') cleanup()
        else if (typeof ref === 'function') ref(null)
        else if (ref) ref.current = null
      })
    }
  }
}
