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
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from 'react'
import { createPortal } from 'react-dom'
import styles from './tooltip.module.css'

/** How long the pointer rests on a trigger before its hint shows (Radix's default was 700). */
const REST_MS = 300
/** The gap between the trigger and the hint, and the least margin to the window's edges. */
const GAP = 6

type Handler<E> = ((event: E) => void) | undefined

interface TriggerProps {
  readonly 'aria-describedby'?: string
  readonly onPointerEnter?: Handler<PointerEvent<HTMLElement>>
  readonly onPointerLeave?: Handler<PointerEvent<HTMLElement>>
  readonly onPointerDown?: Handler<PointerEvent<HTMLElement>>
  readonly onPointerUp?: Handler<PointerEvent<HTMLElement>>
  readonly onFocus?: Handler<FocusEvent<HTMLElement>>
  readonly onBlur?: Handler<FocusEvent<HTMLElement>>
}

/** A trigger's pending rest of the pointer, and whether a press is under way (never rendered). */
interface TriggerState {
  resting?: ReturnType<typeof setTimeout>
  pressed: boolean
}
const triggers = new WeakMap<Element, TriggerState>()
const stateOf = (trigger: Element): TriggerState => {
  let state = triggers.get(trigger)
  if (state === undefined) triggers.set(trigger, (state = { pressed: false }))
  return state
}

/**
 * A hint that costs nothing until it is wanted: a list shows hundreds of dates with one each (the
 * packages list's rows), and each used to add six listeners to its trigger and two effects,
 * mounted with every row. The trigger's events now come through React's handlers on the root
 * (no listener of its own), and only a shown hint listens for Escape and scrolling.
 * `content` may be a function, called only when the hint shows (an exact date formatted for
 * every row that nobody points at was most of a row's formatting).
 */
export function Tooltip({
  content,
  children,
}: {
  readonly content: ReactNode | (() => ReactNode)
  /** One element (the trigger); it takes an aria-describedby and the pointer and focus handlers. */
  readonly children: ReactElement<TriggerProps>
}) {
  const id = useId()
  // The element the hint is shown for, or null while hidden.
  const [shownFor, setShownFor] = useState<HTMLElement | null>(null)
  const own = children.props
  const hasContent = content != null && content !== false
  const visible = hasContent && shownFor !== null
  const hide = (trigger: Element) => {
    clearTimeout(stateOf(trigger).resting)
    setShownFor(null)
  }

  // Each calls the trigger's own handler first: the caller's handlers stay as they are.
  const handlers: TriggerProps = {
    onPointerEnter: (e) => {
      own.onPointerEnter?.(e)
      // A touch is a press, not a rest: touch screens get no hover hints.
      if (e.pointerType === 'touch') return
      const trigger = e.currentTarget
      const at = stateOf(trigger)
      clearTimeout(at.resting)
      at.resting = setTimeout(() => setShownFor(trigger), REST_MS)
    },
    onPointerLeave: (e) => {
      own.onPointerLeave?.(e)
      if (e.currentTarget.contains(document.activeElement)) clearTimeout(stateOf(e.currentTarget).resting)
      else hide(e.currentTarget)
    },
    // A press focuses its trigger too: that focus shows no hint (the press just hid it).
    onPointerDown: (e) => {
      own.onPointerDown?.(e)
      stateOf(e.currentTarget).pressed = true
      hide(e.currentTarget)
    },
    onPointerUp: (e) => {
      own.onPointerUp?.(e)
      stateOf(e.currentTarget).pressed = false
    },
    // React's focus and blur are focusin and focusout: they bubble, so a trigger that wraps the
    // control (a span around a checkbox) shows its hint when the control inside is focused.
    onFocus: (e) => {
      own.onFocus?.(e)
      const at = stateOf(e.currentTarget)
      if (!at.pressed) setShownFor(e.currentTarget)
      at.pressed = false
    },
    onBlur: (e) => {
      own.onBlur?.(e)
      hide(e.currentTarget)
    },
  }

  return (
    <>
      {cloneElement(children, {
        ...(hasContent ? handlers : {}),
        'aria-describedby':
          [own['aria-describedby'], visible ? id : undefined].filter(Boolean).join(' ') || undefined,
      })}
      {visible &&
        createPortal(
          <Hint
            id={id}
            anchor={shownFor}
            content={typeof content === 'function' ? content() : content}
            onDismiss={() => hide(shownFor)}
          />,
          document.body,
        )}
    </>
  )
}

/**
 * The hint, over its anchor (under it when there is no room above), kept inside the window. While
 * shown, Escape and scrolling dismiss it. Escape with the focus on the trigger stops there: the
 * dialog or menu around it hears it only once the hint is gone (Radix's layers listen on the
 * document while it captures, so this listens on the window, which captures first). Elsewhere
 * (the pointer may rest on the trigger while the focus is away) it hides the hint and goes on.
 */
function Hint({
  id,
  anchor,
  content,
  onDismiss,
}: {
  id: string
  anchor: HTMLElement
  content: ReactNode
  onDismiss: () => void
}) {
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
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return
      if (anchor.contains(document.activeElement)) e.stopPropagation()
      onDismiss()
    }
    const onScroll = () => onDismiss()
    window.addEventListener('keydown', onKey, true)
    window.addEventListener('scroll', onScroll, true)
    return () => {
      window.removeEventListener('keydown', onKey, true)
      window.removeEventListener('scroll', onScroll, true)
    }
  }, [anchor, onDismiss])
  return (
    <span ref={bubble} id={id} role="tooltip" className={styles.tooltip}>
      {content}
    </span>
  )
}
