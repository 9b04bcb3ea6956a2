/**
 * Pure service-status rules (spec 001 sections 3, 5, 7): humanised uptime, Online nodes
 * grouped per service, and detection of several Mission Control instances.
 */
import { counted } from '../shared/plural'

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const UNITS: ReadonlyArray<readonly [number, string]> = [
  [DAY, 'day'],
  [HOUR, 'hour'],
  [MINUTE, 'minute'],
  [SECOND, 'second'],
]

// ISO 8601 date-time as the platform sends it (a date alone is not an instant).
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/

/** Epoch milliseconds from an ISO string or a number; undefined when neither. */
export function instantMs(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (typeof value !== 'string' || !ISO_INSTANT.test(value.trim())) return undefined
  const ms = Date.parse(value.trim())
  return Number.isFinite(ms) ? ms : undefined
}

function unit(count: number, name: string): string {
  return counted(count, { one: name, other: `${name}s` })
}

/** How long a node had been up at its last heartbeat, in milliseconds; undefined when unknown. */
function upFor(lastHeartbeat: unknown, uptime: unknown): number | undefined {
  const end = instantMs(lastHeartbeat)
  const start = instantMs(uptime)
  if (end === undefined || start === undefined) return undefined
  const diff = end - start
  return diff >= 0 && Number.isFinite(diff) ? diff : undefined
}

/** The index in UNITS of the largest unit the span holds whole (seconds for less than one). */
function largestUnit(diff: number): number {
  const first = UNITS.findIndex(([size]) => diff >= size)
  return first < 0 ? UNITS.length - 1 : first
}

/**
 * How long a node has been up at its last heartbeat (`uptime` is when it started): the two
 * largest units from the largest non-zero one ('3 days 4 hours', '1 hour 0 minutes',
 * '42 seconds'), or 'unavailable' when either instant is missing or invalid or the
 * difference is negative. Total: any input gives a string.
 */
export function humaniseUptime(lastHeartbeat: unknown, uptime: unknown): string {
  const diff = upFor(lastHeartbeat, uptime)
  if (diff === undefined) return 'unavailable'
  const first = largestUnit(diff)
  const [size, name] = UNITS[first]!
  const whole = Math.floor(diff / size)
  const next = UNITS[first + 1]
  if (!next) return unit(whole, name)
  const rest = Math.floor((diff - whole * size) / next[0])
  return `${unit(whole, name)} ${unit(rest, next[1])}`
}

const SHORT_UNITS = UNITS.map(
  ([, name]) => new Intl.NumberFormat('en', { style: 'unit', unit: name, unitDisplay: 'short' }),
)

/**
 * The same uptime in its largest unit alone, short ('42 sec', '5 min', '4 hr', '3 days'), for
 * a column too narrow for the two units, which its hint then gives whole ('Up 5 minutes
 * 26 seconds' was three lines at 1024 px); 'unavailable' as `humaniseUptime` says it.
 */
export function compactUptime(lastHeartbeat: unknown, uptime: unknown): string {
  const diff = upFor(lastHeartbeat, uptime)
  if (diff === undefined) return 'unavailable'
  const first = largestUnit(diff)
  return SHORT_UNITS[first]!.format(Math.floor(diff / UNITS[first]![0]))
}

/** The node fields these rules read (the `/system/status/ha` answer has more). */
export interface StatusNode {
  readonly service_id: string
  readonly status: string
  readonly service_type?: string
}

/** Service-id prefixes of the platform's services, for nodes that do not name their type. */
export const SERVICE_TYPE_BY_PREFIX: Readonly<Record<string, string>> = {
  jfrt: 'artifactory',
  jfxr: 'xray',
  jfmc: 'mission control',
  jfds: 'distribution',
  jftrk: 'tracker',
  jfpip: 'pipelines',
  jfisv: 'insight',
}

export function serviceTypeOf(node: StatusNode): string {
  if (typeof node.service_type === 'string' && node.service_type.trim() !== '')
    return node.service_type.trim()
  const prefix = node.service_id.split('@', 1)[0] ?? ''
  return Object.prototype.hasOwnProperty.call(SERVICE_TYPE_BY_PREFIX, prefix)
    ? (SERVICE_TYPE_BY_PREFIX[prefix] ?? 'others')
    : 'others'
}

/** Only Online nodes, grouped by service type in first-seen order; nodes keep their order. */
export function groupOnlineNodesByService<N extends StatusNode>(
  nodes: ReadonlyArray<N>,
): Readonly<Record<string, ReadonlyArray<N>>> {
  const groups = new Map<string, N[]>()
  for (const node of nodes) {
    if (node.status !== 'Online') continue
    const type = serviceTypeOf(node)
    const group = groups.get(type)
    if (group) group.push(node)
    else groups.set(type, [node])
  }
  // A Map first, so a service type named `__proto__` cannot reach the prototype.
  const out: Record<string, ReadonlyArray<N>> = {}
  for (const [type, group] of groups) {
    Object.defineProperty(out, type, { value: group, enumerable: true, writable: true, configurable: true })
  }
  return out
}

/** More than one distinct service id with the `jfmc` prefix means several Mission Controls. */
export function hasMultipleMissionControls(nodes: ReadonlyArray<Pick<StatusNode, 'service_id'>>): boolean {
  const ids = new Set<string>()
  for (const node of nodes) if (node.service_id.startsWith('jfmc')) ids.add(node.service_id)
  return ids.size > 1
}

/** What the Service Status page shows: Online nodes per service, and the Mission Control warning. */
export interface ServiceStatusView<N> {
  readonly services: ReadonlyArray<{ readonly service: string; readonly nodes: ReadonlyArray<N> }>
  readonly multipleMissionControls: boolean
}

export function serviceStatusView<
  N extends { readonly serviceId: string; readonly serviceType: string; readonly status: string },
>(nodes: ReadonlyArray<N>): ServiceStatusView<N> {
  const wire = nodes.map((node) => ({
    service_id: node.serviceId,
    status: node.status,
    service_type: node.serviceType,
    node,
  }))
  const groups = groupOnlineNodesByService(wire)
  return {
    services: Object.entries(groups).map(([service, group]) => ({
      service,
      nodes: group.map((w) => w.node),
    })),
    multipleMissionControls: hasMultipleMissionControls(wire),
  }
}

/**
 * What a node's state says (spec 001): the platform sends `HEALTHY` for a node that serves and
 * `UNHEALTHY` for one that does not; any other state it may send is kept, neither good nor bad.
 */
export type NodeHealth = 'healthy' | 'unhealthy' | 'other'

export function nodeHealth(state: string): NodeHealth {
  if (state === 'HEALTHY') return 'healthy'
  if (state === 'UNHEALTHY') return 'unhealthy'
  return 'other'
}
