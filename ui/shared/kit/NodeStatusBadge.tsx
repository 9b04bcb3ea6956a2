// Whether a node is online (its heartbeat is fresh), with its status colour and icon, for the
// topology cards and the Peers list alike. A module of its own: the admin chunk takes it without
// the node state rules.
import { CircleCheck, CircleX } from 'lucide-react'
import { Badge } from './Surface'

/** `Online` or anything else the platform says (`Offline`), with its icon. */
export function NodeStatusBadge({ status }: { readonly status: string }) {
  const online = /^online$/i.test(status)
  return (
    <Badge tone={online ? 'success' : 'danger'}>
      {online ? <CircleCheck size={12} aria-hidden /> : <CircleX size={12} aria-hidden />}
      {status}
    </Badge>
  )
}
