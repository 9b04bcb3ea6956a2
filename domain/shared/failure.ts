import * as t from 'io-ts'

/**
 * Why a call to the platform failed, as a fact that can travel in events:
 * `status` for an HTTP error answer, `network`/`timeout` when no answer came,
 * `decode` when the answer did not have the shape we rely on.
 */
export const Failure = t.intersection([
  t.type({
    kind: t.keyof({ network: null, timeout: null, status: null, decode: null, aborted: null }),
    message: t.string,
  }),
  t.partial({
    status: t.number,
    /** Error code given by the server (e.g. a credentials-expired code). */
    code: t.string,
  }),
])
export type Failure = t.TypeOf<typeof Failure>

export const failureMessage = (f: Failure, fallback: string): string =>
  f.kind === 'status' && f.message.trim() !== '' ? f.message : fallback
