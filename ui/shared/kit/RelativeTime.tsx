/** '3 minutes ago' with the exact date and time in a tooltip and in the <time> element. */
import { useState } from 'react'
import { formatDateTime, formatRelative } from '../dates'
import { Tooltip } from './Tooltip'
import { tickPeriod, useTicking } from './ticking'

export function RelativeTime({ iso, now }: { readonly iso: string; readonly now?: number }) {
  // A time shown for a while keeps its words true ("3 seconds ago" becomes "2 minutes ago"),
  // unless the caller passes the app clock's time.
  const [mounted] = useState(() => Date.now())
  const [period, setPeriod] = useState(() => tickPeriod(Date.parse(iso) - mounted))
  const ticking = Math.max(useTicking(period), mounted)
  // Older, its words change less often: a slower clock (state adjusted while rendering, as
  // React documents for a value derived from the previous render's).
  const wanted = tickPeriod(Date.parse(iso) - ticking)
  if (wanted !== period) setPeriod(wanted)
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
