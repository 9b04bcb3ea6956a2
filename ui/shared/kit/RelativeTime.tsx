/** '3 minutes ago' with the exact date and time in a tooltip and in the <time> element. */
import { useLayoutEffect, useRef, useState } from 'react'
import { formatDateTime, formatRelative } from '../dates'
import { Tooltip } from './Tooltip'
import { tickPeriod, useTicking } from './ticking'

/**
 * `tooltipOnDemand` mounts the tooltip when the pointer first enters the time or it first takes
 * focus (focus then moves to the time inside the tooltip's trigger, which opens it): a list of
 * thousands of rows would otherwise mount a tooltip per row, which was most of the cost of
 * each scrolled frame.
 */
export function RelativeTime({
  iso,
  now,
  tooltipOnDemand = false,
}: {
  readonly iso: string
  readonly now?: number
  readonly tooltipOnDemand?: boolean
}) {
  // A time shown for a while keeps its words true ("3 seconds ago" becomes "2 minutes ago"),
  // unless the caller passes the app clock's time.
  const [mounted] = useState(() => Date.now())
  const [period, setPeriod] = useState(() => tickPeriod(Date.parse(iso) - mounted))
  const ticking = Math.max(useTicking(period), mounted)
  // Older, its words change less often: a slower clock (state adjusted while rendering, as
  // React documents for a value derived from the previous render's).
  const wanted = tickPeriod(Date.parse(iso) - ticking)
  if (wanted !== period) setPeriod(wanted)
  const [armed, setArmed] = useState(!tooltipOnDemand)
  const refocus = useRef(false)
  const element = useRef<HTMLTimeElement>(null)
  useLayoutEffect(() => {
    if (armed && refocus.current) {
      refocus.current = false
      element.current?.focus()
    }
  }, [armed])
  const text = formatRelative(iso, now ?? ticking)
  if (!armed)
    return (
      <time
        dateTime={iso}
        tabIndex={0}
        onPointerEnter={() => setArmed(true)}
        onFocus={() => {
          refocus.current = true
          setArmed(true)
        }}
      >
        {text}
      </time>
    )
  return (
    <Tooltip content={formatDateTime(iso)}>
      <time ref={element} dateTime={iso} tabIndex={0}>
        {text}
      </time>
    </Tooltip>
  )
}
