/**
 * A hint on hover and focus; never the only way to learn something essential. No content
 * (null, false) shows none, and the trigger stays as it is.
 *
 * Hand-made rather than Radix Tooltip: a hint is one line placed over (or under) its trigger,
 * and Radix's version brought its layers, its presence machine and floating-ui (~15 KB gzip)
 * to every page that shows a date. The trigger is the caller's own element, never replaced,
 * so a press that starts on it ends on it. Shown after a short rest of the pointer (at once on
 * focus, so a keyboard user reads it as they arrive), hidden on leave, blur, a press, Escape
 * and scrolling (WCAG 1.4.13: dismissable without moving); drawn in a portal with fixed
 * coordinates so no scrolling container clips it.
 */
import {
  cloneElement,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react'
import { createPortal } from 'react-dom'
import { mergeRefs } from './intent'
import styles from './tooltip.module.css'

/** How long the pointer rests on a trigger before its hint shows (Radix's default was 700). */
const REST_MS = 300
/** The gap between the trigger and the hint, and the least margin to the window's edges. */
const GAP = 6

interface TriggerProps {
  readonly ref?: Ref<HTMLElement>
  readonly 'aria-describedby'?: string
}

export function Tooltip({
  content,
  children,
}: {
  readonly content: ReactNode
  /** One element (the trigger); it takes a ref and an aria-describedby. */
  readonly children: ReactElement<TriggerProps>
}) {
  const id = useId()
  const [trigger, setTrigger] = useState<HTMLElement | null>(null)
  const [shown, setShown] = useState(false)
  const own = children.props
  const ref = useMemo(() => mergeRefs(own.ref, setTrigger), [own.ref])
  const hasContent = content != null && content !== false

  // The trigger's own events, listened to on its element: the caller's handlers stay as they are.
  useEffect(() => {
    if (!trigger || !hasContent) return
    let resting: ReturnType<typeof setTimeout> | undefined
    // A press focuses its trigger too: that focus shows no hint (the press just hid it).
    let pressed = false
    const hide = () => {
      clearTimeout(resting)
      setShown(false)
    }
    const on: Partial<Record<keyof HTMLElementEventMap, (e: Event) => void>> = {
      pointerenter: (e) => {
        // A touch is a press, not a rest: touch screens get no hover hints.
        if ((e as globalThis.PointerEvent).pointerType === 'touch') return
        clearTimeout(resting)
        resting = setTimeout(() => setShown(true), REST_MS)
      },
      pointerleave: () => (trigger.contains(document.activeElement) ? clearTimeout(resting) : hide()),
      pointerdown: () => {
        pressed = true
        hide()
      },
      pointerup: () => (pressed = false),
      // focusin and focusout, not focus and blur: they bubble, so a trigger that wraps the
      // control (a span around a checkbox) shows its hint when the control inside is focused.
      focusin: () => {
        if (!pressed) setShown(true)
        pressed = false
      },
      focusout: hide,
    }
    const entries = Object.entries(on) as [string, (e: Event) => void][]
    for (const [type, listener] of entries) trigger.addEventListener(type, listener)
    return () => {
      clearTimeout(resting)
      for (const [type, listener] of entries) trigger.removeEventListener(type, listener)
    }
  }, [trigger, hasContent])

  const visible = shown && hasContent && trigger !== null
  // While shown, Escape and scrolling hide it. Escape with the focus on the trigger stops there:
  // the dialog or menu around it hears it only once the hint is gone (Radix's layers listen on
  // the document while it captures, so this listens on the window, which captures first).
  // Elsewhere (the pointer may rest on the trigger while the focus is away) it hides the hint
  // and goes on.
  useEffect(() => {
    if (!visible || !trigger) return
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return
      if (trigger.contains(document.activeElement)) e.stopPropagation()
      setShown(false)
    }
    const onScroll = () => setShown(false)
    window.addEventListener('keydown', onKey, true)
    window.addEventListener('scroll', onScroll, true)
    return () => {
      window.removeEventListener('keydown', onKey, true)
      window.removeEventListener('scroll', onScroll, true)
    }
  }, [visible, trigger])

  return (
    <>
      {cloneElement(children, {
        ref,
        'aria-describedby':
          [own['aria-describedby'], visible ? id : undefined].filter(Boolean).join(' ') || undefined,
      })}
      {visible && createPortal(<Hint id={id} anchor={trigger} content={content} />, document.body)}
    </>
  )
}

/** The hint, over its anchor (under it when there is no room above), kept inside the window. */
function Hint({ id, anchor, content }: { id: string; anchor: HTMLElement; content: ReactNode }) {
  const bubble = useRef<HTMLSpanElement>(null)
  // Placed before the browser paints (measured against its own size): no frame at 0,0.
  useLayoutEffect(() => {
    const el = bubble.current
    if (!el) return
    const at = anchor.getBoundingClientRect()
    const { width, height } = el.getBoundingClientRect()
    const above = at.top - GAP - height
    const top = above >= GAP ? above : at.bottom + GAP
    const centred = at.left + at.width / 2 - width / 2
    const left = Math.max(GAP, Math.min(centred, window.innerWidth - GAP - width))
    el.style.top = `${top}px`
    el.style.left = `${left}px`
    el.style.visibility = 'visible'
  }, [anchor, content])
  return (
    <span ref={bubble} id={id} role="tooltip" className={styles.tooltip}>
      {content}
    </span>
  )
}
