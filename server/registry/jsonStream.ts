/**
 * A strict JSON parser fed in pieces, for request bodies too large to hold as one string: it
 * builds the document as JSON.parse would, except that a string the caller asks for (by its
 * path, as it begins) is handed over in pieces and never kept. The npm publish document is
 * the case: its tarball arrives as one base64 string of up to ~100 MB.
 *
 * Written here rather than taken from npm because the streaming parsers there either keep
 * whole strings in memory or say they are not meant for untrusted input; this one faces the
 * network. It accepts exactly RFC 8259 documents (JSON.parse's grammar), refuses duplicate keys
 * (two readers of one document must not see two different values) and nesting beyond a depth,
 * and bounds the characters it keeps outside the handed-over strings. Iterative, so no input
 * reaches the call stack's limit.
 *
 *     const parser = jsonStream({ stringSink: (path) => (isData(path) ? sink : undefined) })
 *     parser.write(text) ... parser.end() // → the document; JsonRefused on any fault
 */

/** A document that is not JSON, or beyond the parser's bounds (`tooLarge`). */
export class JsonRefused extends Error {
  constructor(
    message: string,
    readonly tooLarge = false,
  ) {
    super(message)
  }
}

/** Takes the pieces of one string, unescaped, in order; `end` once it closes. */
export interface StringSink {
  write(text: string): void
  end(): void
}

/** Stands in the document where a string was handed to a sink. */
export const HANDED_OVER = Symbol('handed over')

export type JsonPath = ReadonlyArray<string | number>

export interface JsonStreamOptions {
  /** Asked as each string value begins (not keys): a sink to take it, or undefined to keep it. */
  readonly stringSink?: (path: JsonPath) => StringSink | undefined
  /** Most characters kept in the document (strings, keys, numbers; handed-over strings not counted). */
  readonly maxKept?: number
  readonly maxDepth?: number
}

interface Frame {
  readonly array: boolean
  readonly value: Record<string, unknown> | unknown[]
  key: string | undefined
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r'])
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/
const NUMBER_CHAR = /[-+0-9.eE]/
const LITERALS: Record<string, unknown> = { true: true, false: false, null: null }
// The characters that end a plain run inside a string: JSON forbids raw control characters.
// eslint-disable-next-line no-control-regex
const STRING_STOP = /["\\\u0000-\u001f]/g
const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
}

type State =
  | 'value' // a value must come
  | 'firstKey' // after `{`: a key or `}`
  | 'firstValue' // after `[`: a value or `]`
  | 'key' // after `,` in an object
  | 'colon'
  | 'next' // after a value inside a container: `,` or its closer
  | 'string'
  | 'escape'
  | 'unicode'
  | 'number'
  | 'literal'
  | 'done'

export function jsonStream(options: JsonStreamOptions = {}) {
  const maxKept = options.maxKept ?? Number.POSITIVE_INFINITY
  const maxDepth = options.maxDepth ?? 512
  const stack: Frame[] = []
  let state: State = 'value'
  let root: unknown
  let kept = 0
  let position = 0
  // The string, number or literal being read.
  let text = ''
  let isKey = false
  let sink: StringSink | undefined
  let hex = ''

  const fail = (what: string): never => {
    throw new JsonRefused(`${what} at character ${position}`)
  }

  const keep = (n: number) => {
    kept += n
    if (kept > maxKept) throw new JsonRefused(`the document is larger than ${maxKept} characters`, true)
  }

  const pathHere = (): JsonPath => stack.map((f) => (f.array ? (f.value as unknown[]).length : (f.key ?? '')))

  /** A finished value takes its place; the state moves on. */
  const place = (value: unknown) => {
    // Each value counts, so a long array of small ones is bounded too.
    keep(1)
    const top = stack[stack.length - 1]
    if (!top) {
      root = value
      state = 'done'
      return
    }
    if (top.array) (top.value as unknown[]).push(value)
    else {
      const object = top.value as Record<string, unknown>
      const key = top.key!
      // An own property, as JSON.parse makes it, never the prototype.
      Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true })
    }
    state = 'next'
  }

  const open = (array: boolean) => {
    if (stack.length >= maxDepth) fail(`nesting deeper than ${maxDepth}`)
    stack.push({ array, value: array ? [] : Object.create(Object.prototype), key: undefined })
    state = array ? 'firstValue' : 'firstKey'
  }

  const close = (array: boolean) => {
    const top = stack.pop()!
    if (top.array !== array) fail(`unexpected ${array ? ']' : '}'}`)
    place(top.value)
  }

  const stringDone = () => {
    if (isKey) {
      const top = stack[stack.length - 1]!
      if (Object.prototype.hasOwnProperty.call(top.value, text)) fail(`duplicate key ${JSON.stringify(text)}`)
      top.key = text
      text = ''
      state = 'colon'
      return
    }
    if (sink) {
      sink.end()
      sink = undefined
      place(HANDED_OVER)
      return
    }
    const value = text
    text = ''
    place(value)
  }

  const stringPiece = (piece: string) => {
    if (piece === '') return
    if (sink) return sink.write(piece)
    keep(piece.length)
    text += piece
  }

  const beginValue = (c: string) => {
    if (c === '"') {
      isKey = false
      sink = options.stringSink?.(pathHere())
      state = 'string'
    } else if (c === '{') open(false)
    else if (c === '[') open(true)
    else if (c === '-' || (c >= '0' && c <= '9')) {
      text = c
      state = 'number'
    } else if (c === 't' || c === 'f' || c === 'n') {
      text = c
      state = 'literal'
    } else fail(`unexpected ${JSON.stringify(c)}`)
  }

  const numberDone = () => {
    if (!NUMBER.test(text)) fail(`bad number ${JSON.stringify(text.slice(0, 40))}`)
    keep(text.length)
    const value = Number(text)
    text = ''
    place(value)
  }

  const write = (chunk: string) => {
    let i = 0
    while (i < chunk.length) {
      if (state === 'string') {
        // A plain run at once: the attachment is megabytes of it.
        STRING_STOP.lastIndex = i
        const stop = STRING_STOP.exec(chunk)
        const end = stop ? stop.index : chunk.length
        stringPiece(chunk.slice(i, end))
        position += end - i
        i = end
        if (!stop) break
        const c = chunk[i]!
        position++
        i++
        if (c === '"') stringDone()
        else if (c === '\\') state = 'escape'
        else fail('a control character inside a string')
        continue
      }
      const c = chunk[i]!
      switch (state) {
        case 'escape':
          if (c === 'u') {
            hex = ''
            state = 'unicode'
          } else if (c in ESCAPES) {
            stringPiece(ESCAPES[c]!)
            state = 'string'
          } else fail(`bad escape \\${c}`)
          break
        case 'unicode':
          if (!/[0-9a-fA-F]/.test(c)) fail('bad \\u escape')
          hex += c
          if (hex.length === 4) {
            stringPiece(String.fromCharCode(parseInt(hex, 16)))
            state = 'string'
          }
          break
        case 'number':
          if (NUMBER_CHAR.test(c)) {
            if (text.length > 400) fail('a number too long')
            text += c
            break
          }
          numberDone()
          continue // the character after the number is read again in the new state
        case 'literal':
          if (c >= 'a' && c <= 'z' && text.length < 5) {
            text += c
            if (text in LITERALS) {
              const value = LITERALS[text]
              text = ''
              place(value)
            }
            break
          }
          fail(`unexpected ${JSON.stringify(text + c)}`)
          break
        default:
          if (WHITESPACE.has(c)) break
          switch (state) {
            case 'value':
              beginValue(c)
              break
            case 'firstValue':
              if (c === ']') close(true)
              else beginValue(c)
              break
            case 'firstKey':
            case 'key':
              if (c === '}' && state === 'firstKey') close(false)
              else if (c === '"') {
                isKey = true
                state = 'string'
              } else fail(`expected a key, not ${JSON.stringify(c)}`)
              break
            case 'colon':
              if (c !== ':') fail(`expected ":", not ${JSON.stringify(c)}`)
              state = 'value'
              break
            case 'next': {
              const top = stack[stack.length - 1]!
              if (c === ',') state = top.array ? 'value' : 'key'
              else if (c === (top.array ? ']' : '}')) close(top.array)
              else fail(`unexpected ${JSON.stringify(c)}`)
              break
            }
            case 'done':
              fail('more after the document')
          }
      }
      position++
      i++
    }
  }

  return {
    write,
    /** The document, once all of it was written. */
    end(): unknown {
      if (state === 'number' && stack.length === 0) numberDone()
      if (state !== 'done') fail('the document ends early')
      return root
    },
  }
}
