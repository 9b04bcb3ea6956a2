// A node's state in words with its status colour and icon, for the topology cards and the
// Service Status tables alike: the platform's `HEALTHY` reads 'Healthy', not its code.
import { CircleCheck, CircleHelp, CircleX } from 'lucide-react'
import { nodeHealth, type NodeHealth } from '../../domain/serviceStatus/rules'
import { Badge, type Tone } from '../shared/kit/Surface'

const TONE: Readonly<Record<NodeHealth, Tone>> = { healthy: 'success', unhealthy: 'danger', other: 'warning' }
const ICON = { healthy: CircleCheck, unhealthy: CircleX, other: CircleHelp } as const

/** Any other state the platform sends, in words: `READ_ONLY` reads 'Read only'. */
const words = (state: string) => {
  const lower = state.replace(/_/g, ' ').trim().toLowerCase()
  return lower ? lower[0]!.toUpperCase() + lower.slice(1) : 'Unknown'
}

export function NodeStateBadge({ state }: { readonly state: string }) {
  const health = nodeHealth(state)
  const Icon = ICON[health]
  return (
    <Badge tone={TONE[health]}>
      <Icon size={12} aria-hidden />
      {health === 'healthy' ? 'Healthy' : health === 'unhealthy' ? 'Unhealthy' : words(state)}
    </Badge>
  )
}
