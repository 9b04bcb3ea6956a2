// A build run's status as a badge: the platform's word ('success', 'failure', 'in progress')
// capitalised, with a dot of its tone. The builds pages and a version's Builds tab use it.
import { Badge, type Tone } from './Surface'

const TONE: Readonly<Record<string, Tone>> = {
  success: 'success',
  failure: 'danger',
  'in progress': 'accent',
}

export const StatusBadge = ({ status }: { readonly status: string }) => (
  <Badge tone={TONE[status] ?? 'neutral'} dot>
    {status.charAt(0).toUpperCase() + status.slice(1)}
  </Badge>
)
