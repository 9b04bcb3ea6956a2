/**
 * The problems a repository save records (repositories/SaveRejected and SaveFailed): a log that
 * carries them replays, a script reading one can rely on its shape. Every message the form or
 * the platform gives decodes; a message of another key, or without the data its key needs, is
 * refused as the log is read.
 */
import { describe, expect, it } from 'vitest'
import { decodeEventLine } from '../../domain/log'
import type { RepositoryMessage } from '../../domain/repositories/messages'

const line = (problems: Record<string, unknown>, type = 'repositories/SaveRejected') => ({
  kind: 'event',
  seq: 1,
  at: '2026-12-03T16:00:00.000Z',
  source: 'ui',
  corr: 'c1',
  type,
  v: 2,
  data:
    type === 'repositories/SaveFailed'
      ? { requestId: 'r1', failure: { kind: 'status', status: 400, message: 'Bad Request' }, problems }
      : { problems },
})

const every: ReadonlyArray<RepositoryMessage> = [
  { key: 'mandatory' },
  { key: 'invalidName' },
  { key: 'invalidUrl' },
  { key: 'refusedAddress' },
  { key: 'repositoryKeyTooLong', max: 64 },
  { key: 'choosePackageType' },
  { key: 'membersNeeded' },
  { key: 'memberTypeDiffers' },
  { key: 'defaultDeploymentNotLocal' },
  { key: 'selfMember' },
  { key: 'wholeNumberBetween', min: 0, max: 86_400 },
  { key: 'userOrToken' },
  { key: 'platformSaid', text: 'Repository key already exists' },
  { key: 'recorded', text: 'This field is mandatory' },
]

describe("a repository save's recorded problems", () => {
  it.each(every.map((m) => [m.key, m] as const))('%s is read back as recorded', (_key, message) => {
    for (const type of ['repositories/SaveRejected', 'repositories/SaveFailed']) {
      const decoded = decodeEventLine(line({ key: message }, type))
      expect(decoded.ok && decoded.event.data).toMatchObject({ problems: { key: message } })
    }
  })

  it('a problem of a key the console does not know is refused', () => {
    expect(decodeEventLine(line({ key: { key: 'somethingElse' } })).ok).toBe(false)
    expect(decodeEventLine(line({ key: { text: 'no key' } })).ok).toBe(false)
  })

  it('a problem without the data its key needs is refused', () => {
    for (const partial of [
      { key: 'repositoryKeyTooLong' },
      { key: 'wholeNumberBetween', min: 0 },
      { key: 'platformSaid' },
      { key: 'recorded' },
      { key: 'recorded', text: 7 },
    ])
      expect(decodeEventLine(line({ key: partial })).ok, JSON.stringify(partial)).toBe(false)
  })
})
