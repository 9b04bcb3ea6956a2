/**
 * Commands decoded at the App boundary (DESIGN.md, the bus): a script may dispatch anything.
 * Every command must be a JSON object with a string `type`; the commands listed in
 * `commandCodecs` are decoded field by field (a partial payload is refused here instead of
 * reaching a decider). Whatever a decider still makes of an odd command, the bus checks each
 * event against its codec before it is appended.
 */
import * as t from 'io-ts'
import { isLeft } from 'fp-ts/Either'
import { PathReporter } from 'io-ts/PathReporter'
import type { AppCommand } from './app'

const CommandShape = t.type({ type: t.string })

const location = { to: t.string }
/** Field codecs of the commands scripts and the router send most, by type. */
export const commandCodecs: Readonly<Record<string, t.Decoder<unknown, unknown>>> = {
  'navigation/Navigate': t.intersection([t.type(location), t.partial({ replace: t.boolean })]),
  'navigation/SyncFromHistory': t.type(location),
  'navigation/LeaveForExternal': t.type({ url: t.string }),
  'navigation/SelectProject': t.partial({ key: t.string }),
  'session/SignIn': t.intersection([
    t.type({ user: t.string, passwordRef: t.string, rememberMe: t.boolean }),
    t.partial({ redirectTo: t.string }),
  ]),
  'session/SavePathAfterLogin': t.intersection([t.type({ path: t.string }), t.partial({ force: t.boolean })]),
}

export type CommandDecoding =
  | { readonly ok: true; readonly command: AppCommand }
  | { readonly ok: false; readonly type: string; readonly reason: string }

const isPlainJson = (value: unknown, depth = 0): boolean => {
  if (depth > 32) return false
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true
  if (typeof value === 'number') return Number.isFinite(value)
  if (Array.isArray(value)) return value.every((v) => isPlainJson(v, depth + 1))
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value) as unknown
    if (proto !== Object.prototype && proto !== null) return false
    return Object.values(value).every((v) => v === undefined || isPlainJson(v, depth + 1))
  }
  return false
}

export function decodeCommand(input: unknown): CommandDecoding {
  const shape = CommandShape.decode(input)
  if (isLeft(shape))
    return {
      ok: false,
      type: describeType(input),
      reason: `not a command: ${PathReporter.report(shape)[0] ?? ''}`,
    }
  const { type } = shape.right
  if (!isPlainJson(input)) return { ok: false, type, reason: 'not a command: a field is not plain JSON data' }
  const codec = commandCodecs[type]
  if (codec) {
    const fields = codec.decode(input)
    if (isLeft(fields)) return { ok: false, type, reason: PathReporter.report(fields).slice(0, 3).join('; ') }
  }
  return { ok: true, command: input as AppCommand }
}

// The rejection names what was sent, in a form its codec (a string) accepts.
function describeType(input: unknown): string {
  if (typeof input === 'object' && input !== null && 'type' in input) {
    const type = (input as { type: unknown }).type
    return typeof type === 'string' ? type : (JSON.stringify(type) ?? String(type))
  }
  return input === null ? 'null' : typeof input
}
