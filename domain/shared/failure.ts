import * as t from 'io-ts'

/**
 * Why a call to the platform failed, as a fact that can travel in events:
 * `status` for an HTTP error answer, `network`/`timeout` when no answer came,
 * `decode` when the answer did not have the shape we rely on.
 */
/**
 * A secret a request refers to by reference (domain/session: `passwordRef`, `tokenRef`, …): the
 * name of one, never its value.
 */
export const SecretName = t.keyof({
  password: null,
  newPassword: null,
  code: null,
  token: null,
  resetKey: null,
  invitationToken: null,
})
export type SecretName = t.TypeOf<typeof SecretName>

export const Failure = t.intersection([
  t.type({
    kind: t.keyof({ network: null, timeout: null, status: null, decode: null, aborted: null }),
    message: t.string,
  }),
  t.partial({
    status: t.number,
    /** Error code given by the server (e.g. a credentials-expired code). */
    code: t.string,
    /**
     * An `aborted` request that was never sent: the reference no longer held its secret (a
     * reloaded page, a double submit). The message key, with the secret's name as its data; the
     * view words it and asks for the secret again.
     */
    secretGone: SecretName,
  }),
])
export type Failure = t.TypeOf<typeof Failure>

/**
 * The code of a save's failure when the password typed for it was gone from the vault before
 * the request (taken already): the forms word it as `passwordLost` (ui/shared/SaveError.tsx).
 */
export const PASSWORD_LOST = 'PASSWORD_LOST'

export const failureMessage = (f: Failure, fallback: string): string =>
  f.kind === 'status' && f.message.trim() !== '' ? f.message : fallback

/**
 * The platform's own words for a failure, else the screen's default (spec 000 section 8:
 * "response error or 'Email wasn't sent'"). An answer with no message of its own reaches here
 * as its status line ('500 Internal Server Error', the HTTP client's stand-in), which is no
 * words of the platform's.
 */
export const platformSaidOr = (f: Failure, fallback: string): string =>
  f.kind === 'status' && f.message.trim() !== '' && !isStatusLine(f.status, f.message)
    ? withoutRequestPrefix(f.message)
    : fallback

/**
 * The platform words a refused field as `Invalid request: <field>: <problem>`: the person at the
 * form reads the problem, not the request's anatomy.
 */
const withoutRequestPrefix = (message: string): string => {
  const problem = /^Invalid request: (?:[A-Za-z][\w.]*: )?(.+)$/s.exec(message.trim())?.[1]
  return problem !== undefined && problem.trim() !== '' ? problem : message
}

const isStatusLine = (status: number | undefined, message: string) => {
  const text = message.trim()
  return status !== undefined && (text === String(status) || text.startsWith(`${status} `))
}
