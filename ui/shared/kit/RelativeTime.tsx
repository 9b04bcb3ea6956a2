/** '3 minutes ago' with the exact date and time in a tooltip and in the <time> element. */
import { useState } from 'react'
import { formatDateTime, formatRelative } from '../dates'
import { Tooltip } from './Tooltip'
import { tickPeriod, useTicking } from './ticking'

export function RelativeTime({ iso, now }: { readonly iso: string; readonly now?: number }) {
  // A time shown for a while keeps its words true ("3 seconds ago" becomes "2 minutes ago"),
  // unless the caller passes the app clock's time.
  // Its clock's period, and the time that chose it (from mount, then from each change).
  const [clock, setClock] = useState(() => {
    const mounted = Date.now()
    return { period: tickPeriod(Date.parse(iso) - mounted), since: mounted }
  })
  // Never before the time that chose the period: the slower clock a change moves to can lag the
  // faster one by up to its period, and read from it the time went back, the period with it, and
  // back and forth in one render until React gave up (the error page on the packages landing).
  const ticking = Math.max(useTicking(clock.period), clock.since)
  // Older, its words change less often: a slower clock (state adjusted while rendering, as
  // React documents for a value derived from the previous render's).
  const wanted = tickPeriod(Date.parse(iso) - ticking)
  if (wanted !== clock.period) setClock({ period: wanted, since: ticking })
  const text = formatRelative(iso, now ?? ticking)
  return (
    // The exact date is formatted when its hint shows, not for every row of a list up front.
    <Tooltip content={() => formatDateTime(iso)}>
      <time dateTime={iso} tabIndex={0}>
        {text}
      </time>
    </Tooltip>
  )
}
