/**
 * Commands checked at the App boundary (DESIGN.md, the bus): a script may dispatch anything.
 * Every command must be a JSON object of plain data with a string `type`; its fields are then
 * decoded by its area's codec (commandCodecs.gen.ts) before it is decided, once the area's code
 * has loaded. Whatever a decider still makes of an odd command, the bus checks each event
 * against its codec before it is appended.
 */
import * as t from 'io-ts'
import { isLeft } from 'fp-ts/Either'
import { PathReporter } from 'io-ts/PathReporter'
import type { AppCommand } from './app'

const CommandShape = t.type({ type: t.string })

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
