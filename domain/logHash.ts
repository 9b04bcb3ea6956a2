/**
 * The hash a log's trailer records, and whether a trailer's hash is a replayed state's.
 *
 * A trailer hashes what the state changed from the initial state (`changesHash`): a field or a
 * page added to an area's initial state is left out while nothing touched it, so every log
 * recorded before it keeps its hash. Logs written before that (0.2.0 among them) hashed the
 * whole state, with the initial state those builds had: wholeStateHashes.json keeps it, frozen
 * when the hash changed, with the number of state moves made by then. For those logs the
 * replayed state's changes are put back onto that initial state, then into each earlier shape
 * (stateMoves.ts), with and without the areas added since (AREAS_ADDED_LATER).
 */
import { AREAS_ADDED_LATER, initialAppState, type AppState } from './app'
import { canonicalJson, changesHash, stateHash } from './shared/canonical'
import { STATE_MOVES, earlierShapes } from './stateMoves'
import wholeStateHashes from './wholeStateHashes.json'

type Root = Record<string, unknown>

const WHOLE: { readonly moves: number; readonly initialState: Root } = wholeStateHashes

const isRecord = (value: unknown): value is Root =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The hash a log's trailer records for `state`. */
export const logStateHash = (state: AppState, initial: AppState = initialAppState): string =>
  changesHash(state, initial)

/**
 * `value`'s changes from `base` put onto `target` (undefined: left out). What nothing changed
 * is `target`'s, so a key `base` gained since `target` was frozen is left out again.
 */
function onto(value: unknown, base: unknown, target: unknown): unknown {
  if (canonicalJson(value) === canonicalJson(base)) return target
  if (!isRecord(value) || !isRecord(base)) return value
  const into = isRecord(target) ? target : base
  const out: Root = {}
  for (const key of new Set([...Object.keys(value), ...Object.keys(base), ...Object.keys(into)])) {
    const now = value[key]
    // A key the state lacks: removed (when the base has it) or dropped since the freeze.
    const kept =
      now === undefined ? (base[key] === undefined ? into[key] : undefined) : onto(now, base[key], into[key])
    if (kept !== undefined) out[key] = kept
  }
  return out
}

/**
 * The whole-state hashes a log written before some areas existed may carry: AREAS_ADDED_LATER
 * is in the order the areas were added, so a log of any earlier build lacks a tail of that list.
 * For each tail whose areas are all untouched (the log has none of their events), the hash with
 * those areas left out, as that build's trailer had it.
 */
function hashesWithoutLaterAreas(state: Root): string[] {
  const hashes: string[] = []
  for (let from = AREAS_ADDED_LATER.length - 1; from >= 0; from--) {
    const tail = AREAS_ADDED_LATER.slice(from)
    if (!tail.every((key) => stateHash(state[key]) === stateHash(WHOLE.initialState[key]))) break
    const rest: Root = { ...state }
    for (const key of tail) delete rest[key]
    hashes.push(stateHash(rest))
  }
  return hashes
}

/**
 * The state as a build that hashed the whole state had it: moved back past the moves made
 * since (the frozen initial state has the shape before them), its changes put onto that
 * build's initial state.
 */
export function asWholeStateBuildHadIt(state: AppState, initial: AppState = initialAppState): Root {
  const since = STATE_MOVES.slice(WHOLE.moves)
  const shape = (root: Root) => since.reduceRight((s, move) => move.before(s), root)
  return onto(shape(state as unknown as Root), shape(initial as unknown as Root), WHOLE.initialState) as Root
}

/**
 * Whether a trailer's hash is the replayed state's: its changes from `initial` (the app's, or a
 * test's grown one), in this shape or one a later move left behind; or, for a log that hashed
 * the whole state, that state as its build had it, in each earlier shape.
 */
export function trailerHashMatches(
  state: AppState,
  expected: string,
  initial: AppState = initialAppState,
): boolean {
  const since = STATE_MOVES.slice(WHOLE.moves)
  const states = [state as unknown as Root, ...earlierShapes(state, since)]
  const initials = [initial as unknown as Root, ...earlierShapes(initial, since)]
  if (states.some((shape, i) => changesHash(shape, initials[i]) === expected)) return true
  const whole = asWholeStateBuildHadIt(state, initial)
  return [whole, ...earlierShapes(whole, STATE_MOVES.slice(0, WHOLE.moves))].some(
    (shape) => stateHash(shape) === expected || hashesWithoutLaterAreas(shape).includes(expected),
  )
}
