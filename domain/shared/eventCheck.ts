/**
 * The last gate before an event enters the log: the event as the log will hold it (after
 * a JSON round trip, which drops `undefined` and turns NaN into null) must pass its own
 * codec, or replay would refuse the line and the hash would not match. The bus appends and
 * folds the round-tripped event, so the live state is exactly the one replay computes.
 * `redact` (the bus's secret rule, domain/shared/secretParams.ts) is applied before the round
 * trip: what it returns is what is checked and recorded.
 */
import { isLeft } from 'fp-ts/Either'
import { PathReporter } from 'io-ts/PathReporter'
import type { EventSpec } from './area'
import { jsonGuard, type JsonGuard } from './jsonGuard'

export type EventCheck<E> =
  { readonly ok: true; readonly event: E } | { readonly ok: false; readonly reason: string }

/**
 * Each event type's guard, with the answer of its codec's `is` (jsonGuard): the bus checks
 * every event a cold page's start-up folds, and io-ts's own `is` was most of this check's share
 * of that main thread (a Chromium CPU profile of a signed-in `/ui/packages`).
 */
const guards = new WeakMap<EventSpec, JsonGuard>()
function guardOf(spec: EventSpec): JsonGuard {
  let guard = guards.get(spec)
  if (guard === undefined) guards.set(spec, (guard = jsonGuard(spec.codec)))
  return guard
}

export function checkEventForLog<E extends { readonly type: string }>(
  event: E,
  spec: EventSpec | undefined,
  redact: (event: E) => E = (e) => e,
): EventCheck<E> {
  if (!spec) return { ok: false, reason: `event ${JSON.stringify(event.type)} has no codec in this build` }
  let wire: unknown
  try {
    let text = JSON.stringify(event)
    // Redaction only rewrites strings holding a '?' (a query), a character JSON text never
    // escapes: text without one has nothing to redact, and the walk over every value (most of
    // the cost of a large event, such as a page of versions, in a cold page) is skipped.
    if (text.includes('?')) {
      const redacted = redact(event)
      if (redacted !== event) text = JSON.stringify(redacted)
    }
    wire = JSON.parse(text) as unknown
  } catch (error) {
    return { ok: false, reason: `event ${event.type} is not JSON: ${(error as Error).message}` }
  }
  if (guardOf(spec)(wire)) return { ok: true, event: wire as E }
  const decoded = spec.codec.decode(wire)
  if (!isLeft(decoded)) return { ok: true, event: decoded.right as unknown as E }
  const errors = PathReporter.report(decoded).slice(0, 3).join('; ')
  return { ok: false, reason: `event ${event.type} refused by its codec: ${errors}` }
}
