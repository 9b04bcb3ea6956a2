/**
 * The repository form's problems as message keys with their data (what SaveRejected and
 * SaveFailed carry and the state keeps), worded by domain/repositories/words.ts: the console's
 * repositories pages (ui/repositories/messages.ts) and the platform's answers say the same.
 */
import * as t from 'io-ts'

const only = <K extends string>(key: K) => t.type({ key: t.literal(key) })

export const RepositoryMessageC = t.union([
  only('mandatory'),
  only('invalidName'),
  only('invalidUrl'),
  /** A link-local or cloud metadata address, which the platform never calls. */
  only('refusedAddress'),
  t.type({ key: t.literal('repositoryKeyTooLong'), max: t.number }),
  only('choosePackageType'),
  only('membersNeeded'),
  only('memberTypeDiffers'),
  only('defaultDeploymentNotLocal'),
  only('selfMember'),
  /** A remote's period or time-out out of the platform's bounds. */
  t.type({ key: t.literal('wholeNumberBetween'), min: t.number, max: t.number }),
  /** Credentials are a user name (with its password) or a token, not both. */
  only('userOrToken'),
  /** The platform's refusal, in its words (a key already taken). */
  t.type({ key: t.literal('platformSaid'), text: t.string }),
  /** A problem an earlier build recorded as prose (only logs from before keys carry one). */
  t.type({ key: t.literal('recorded'), text: t.string }),
])
export type RepositoryMessage = t.TypeOf<typeof RepositoryMessageC>

/** Problems by field. */
export const RepositoryProblemsC = t.record(t.string, RepositoryMessageC)
