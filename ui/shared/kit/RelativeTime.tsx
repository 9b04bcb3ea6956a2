/** '3 minutes ago' with the exact date and time in a tooltip and in the <time> element. */
import { useState } from 'react'
import { formatDateTime, formatRelative } from '../dates'
import { Tooltip } from './Tooltip'

export function RelativeTime({ iso, now }: { readonly iso: string; readonly now?: number }) {
  // The moment of the first render, unless the caller passes the app clock's time.
  const [mounted] = useState(() => Date.now())
  const exact = formatDateTime(iso)
  return (
    <Tooltip content={exact}>
      <time dateTime={iso} tabIndex={0}>
        {formatRelative(iso, now ?? mounted)}
      </time>
    </Tooltip>
  )
}
