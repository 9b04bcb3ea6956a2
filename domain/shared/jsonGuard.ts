import type * as t from 'io-ts'

/**
 * A guard with the answer of `codec.is`, built once from the codec's structure. Replay checks
 * every event's data, and io-ts's own `is` allocates a closure for each union and intersection
 * it visits and calls through each codec object; this one calls plain functions over arrays.
 * Codecs it does not know (records, recursive and custom types) keep their own `is`.
 */
export type JsonGuard = (u: unknown) => boolean

const hasOwn = Object.prototype.hasOwnProperty

/** io-ts's UnknownRecord.is. */
function isRecord(u: unknown): u is Record<string, unknown> {
  return u !== null && typeof u === 'object' && !Array.isArray(u)
}

const always: JsonGuard = () => true

interface Tagged {
  readonly _tag?: string
  readonly is: JsonGuard
  readonly props?: Record<string, t.Mixed>
  readonly types?: ReadonlyArray<t.Mixed>
  readonly type?: t.Mixed
  readonly value?: unknown
  readonly keys?: Record<string, unknown>
  readonly predicate?: (u: unknown) => boolean
}

function propGuards(props: Record<string, t.Mixed>): [string[], JsonGuard[], number] {
  const keys = Object.keys(props)
  return [keys, keys.map((k) => jsonGuard(props[k]!)), keys.length]
}

export function jsonGuard(codec: { is(u: unknown): boolean }): JsonGuard {
  const c = codec as Tagged
  switch (c._tag) {
    case 'StringType':
      return (u) => typeof u === 'string'
    case 'NumberType':
      return (u) => typeof u === 'number'
    case 'BooleanType':
      return (u) => typeof u === 'boolean'
    case 'NullType':
      return (u) => u === null
    case 'UndefinedType':
    case 'VoidType':
      return (u) => u === undefined
    case 'UnknownType':
    case 'AnyType':
      return always
    case 'LiteralType': {
      const value = c.value
      return (u) => u === value
    }
    case 'KeyofType': {
      const keys = c.keys!
      return (u) => typeof u === 'string' && hasOwn.call(keys, u)
    }
    case 'AnyDictionaryType': // t.UnknownRecord
      return isRecord
    case 'AnyArrayType': // t.UnknownArray
      return (u) => Array.isArray(u)
    case 'InterfaceType': {
      const [keys, guards, n] = propGuards(c.props!)
      return (u) => {
        if (!isRecord(u)) return false
        for (let i = 0; i < n; i++) {
          const k = keys[i]!
          const uk = u[k]
          if ((uk === undefined && !hasOwn.call(u, k)) || !guards[i]!(uk)) return false
        }
        return true
      }
    }
    case 'PartialType': {
      const [keys, guards, n] = propGuards(c.props!)
      return (u) => {
        if (!isRecord(u)) return false
        for (let i = 0; i < n; i++) {
          const uk = u[keys[i]!]
          if (uk !== undefined && !guards[i]!(uk)) return false
        }
        return true
      }
    }
    case 'ExactType':
    case 'ReadonlyType':
      return jsonGuard(c.type!)
    case 'ArrayType':
    case 'ReadonlyArrayType': {
      const item = jsonGuard(c.type!)
      return (u) => {
        if (!Array.isArray(u)) return false
        for (let i = 0; i < u.length; i++) if (!item(u[i])) return false
        return true
      }
    }
    case 'TupleType': {
      const guards = c.types!.map(jsonGuard)
      const n = guards.length
      return (u) => {
        if (!Array.isArray(u) || u.length !== n) return false
        for (let i = 0; i < n; i++) if (!guards[i]!(u[i])) return false
        return true
      }
    }
    case 'UnionType': {
      const guards = c.types!.map(jsonGuard)
      const n = guards.length
      return (u) => {
        for (let i = 0; i < n; i++) if (guards[i]!(u)) return true
        return false
      }
    }
    case 'IntersectionType': {
      const guards = c.types!.map(jsonGuard)
      const n = guards.length
      return (u) => {
        for (let i = 0; i < n; i++) if (!guards[i]!(u)) return false
        return true
      }
    }
    case 'RefinementType': {
      // t.refinement and t.brand (t.Int among them).
      const inner = jsonGuard(c.type!)
      const predicate = c.predicate!
      return (u) => inner(u) && predicate(u)
    }
    default:
      return (u) => c.is(u)
  }
}
