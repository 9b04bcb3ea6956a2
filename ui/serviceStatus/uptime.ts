// Humanised uptime for the view. Interim until domain/serviceStatus/rules.ts (humaniseUptime,
// owned by the rules work) is on main: the same rule, the two largest units or 'unavailable'.
const UNITS: ReadonlyArray<readonly [number, string]> = [
  [86_400_000, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
  [1_000, 'second'],
]

const plural = (n: number, name: string) => `${n} ${name}${n === 1 ? '' : 's'}`

export function humanisedUptime(lastHeartbeat: string, uptime: string): string {
  const diff = Date.parse(lastHeartbeat) - Date.parse(uptime)
  if (!Number.isFinite(diff) || diff < 0) return 'unavailable'
  let first = UNITS.findIndex(([size]) => diff >= size)
  if (first < 0) first = UNITS.length - 1
  const [size, name] = UNITS[first] as readonly [number, string]
  const whole = Math.floor(diff / size)
  const next = UNITS[first + 1]
  if (!next) return plural(whole, name)
  return `${plural(whole, name)} ${plural(Math.floor((diff - whole * size) / next[0]), next[1])}`
}
