/**
 * Derives a fast-check arbitrary from an io-ts codec, so tests can generate every event
 * the client knows without a hand-written generator per event. Covers the codec kinds
 * the domain uses; an unknown kind fails loudly rather than generating nonsense.
 */
import fc from 'fast-check'
import type * as t from 'io-ts'

type Tagged = t.Mixed & { _tag?: string }

// Through JSON and back: fc.jsonValue may give -0, which no recorded event can carry.
const json = fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown)

/**
 * Where generated texts and numbers come from, when a test wants them to meet: a test that
 * generates both the events that load some items and the commands that name one of them gives
 * both the same few words, so that a command names an item it loaded (fast-check's own texts
 * almost never repeat). Without them, any text and number of the codec's kind.
 */
export interface Leaves {
  readonly strings?: fc.Arbitrary<string>
  readonly numbers?: fc.Arbitrary<number>
}

// -0 would come back from JSON as 0: events never carry it, so neither do generated ones.
const anyNumber = fc.oneof(
  fc.integer({ min: -1000, max: 100_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (x === 0 ? 0 : x)),
)

export function arbitraryFromCodec(
  codec: t.Decoder<unknown, unknown>,
  depth = 0,
  leaves: Leaves = {},
): fc.Arbitrary<unknown> {
  const c = codec as Tagged & Record<string, unknown>
  const inner = (x: t.Decoder<unknown, unknown>, d: number) => arbitraryFromCodec(x, d, leaves)
  switch (c._tag) {
    case 'StringType':
      return leaves.strings ?? fc.string({ maxLength: 24 })
    case 'NumberType':
      return leaves.numbers ?? anyNumber
    case 'BooleanType':
      return fc.boolean()
    case 'NullType':
      return fc.constant(null)
    case 'UndefinedType':
    case 'VoidType':
      return fc.constant(undefined)
    case 'UnknownType':
      return json
    case 'UnknownRecordType':
    case 'AnyDictionaryType':
      return fc.dictionary(fc.string({ maxLength: 8 }), json, { maxKeys: 3 })
    case 'LiteralType':
      return fc.constant(c.value)
    case 'KeyofType':
      return fc.constantFrom(...Object.keys(c.keys as object))
    case 'InterfaceType':
    case 'StrictType': {
      const props = c.props as Record<string, t.Mixed>
      return fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, inner(v, depth + 1)])))
    }
    case 'PartialType': {
      const props = c.props as Record<string, t.Mixed>
      return fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, inner(v, depth + 1)])), {
        requiredKeys: [],
      })
    }
    case 'ExactType':
    case 'ReadonlyType':
      return inner(c.type as t.Mixed, depth)
    case 'RefinementType': {
      return inner(c.type as t.Mixed, depth).filter((v) => (codec as t.Mixed).is(v))
    }
    case 'ArrayType':
    case 'ReadonlyArrayType':
      return fc.array(inner(c.type as t.Mixed, depth + 1), { maxLength: depth > 2 ? 1 : 4 })
    case 'TupleType':
      return fc.tuple(...(c.types as t.Mixed[]).map((x) => inner(x, depth + 1)))
    case 'UnionType':
      return fc.oneof(...(c.types as t.Mixed[]).map((x) => inner(x, depth + 1)))
    case 'IntersectionType':
      return fc
        .tuple(...(c.types as t.Mixed[]).map((x) => inner(x, depth + 1)))
        .map((parts) => Object.assign({}, ...(parts as object[])) as unknown)
    case 'DictionaryType':
      return fc.dictionary(
        leaves.strings ?? fc.string({ maxLength: 8 }),
        inner(c.codomain as t.Mixed, depth + 1),
        { maxKeys: depth > 2 ? 1 : 3 },
      )
    case 'RecursiveType':
      return depth > 3 ? fc.constant(undefined) : inner((c as unknown as { type: t.Mixed }).type, depth + 1)
    default:
      // The domain's one custom codec (domain/session/rules.ts): web paths the rule accepts.
      if (c.name === 'SafeInternalPath')
        return fc
          .tuple(fc.webPath(), fc.webQueryParameters())
          .map(([path, query]) => `/${path.replace(/^\/+/, '')}${query ? `?${query}` : ''}`)
          .filter((p) => (codec as t.Mixed).is(p))
      throw new Error(`arbitraryFromCodec: no generator for codec ${String(c.name)} (${String(c._tag)})`)
  }
}
