/**
 * A failed download's message became a key with its data, and DownloadFailed gained the
 * platform's code (a version a watch's policy blocks: `BLOCKED`, its policy and watch). A log of
 * the build before (tests/fixtures/logs/moved/downloadRefusedInProse.ndjson, recorded at e52ce6b
 * with the bus and fake ports: a 403, a 404, a 403 again, none with a code) decodes and replays
 * strictly to the hash its trailer took over the words that build kept.
 */
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { replayLog } from '../../domain/log'
import { STATE_MOVES, currentShape, earlierShapes } from '../../domain/stateMoves'
import { initialAppState } from '../../domain/app'
import { downloadMessageText } from '../../ui/packages/messages'

const old = readFileSync(
  join(import.meta.dirname, '../fixtures/logs/moved/downloadRefusedInProse.ndjson'),
  'utf8',
)

type State = typeof initialAppState
const withMessage = (message: unknown): State =>
  ({
    ...initialAppState,
    packages: {
      ...initialAppState.packages,
      version: { ...initialAppState.packages.version, download: { file: null, message } },
    },
  }) as State
const messageOf = (state: unknown) =>
  (state as { packages: { version: { download: { message: unknown } } } }).packages.version.download.message

describe('a log whose download failures carry no code replays', () => {
  it('the log is of the earlier build (DownloadFailed without a code)', () => {
    const failed = old.split('\n').filter((l) => l.includes('"packages/DownloadFailed"'))
    expect(failed).toHaveLength(3)
    for (const line of failed)
      expect(Object.keys((JSON.parse(line) as { data: object }).data)).not.toContain('code')
  })

  it('strictly, to the hash its trailer recorded, its 403 a refusal without a reason', () => {
    const result = replayLog(old)
    expect(result.errors).toEqual([])
    expect(result.events).toBe(6)
    expect(result.state.packages.version.download).toEqual({
      file: null,
      message: { key: 'downloadForbidden', file: 'left-pad-1.3.0.tgz' },
    })
    expect(result.hashMatches).toBe(true)
    // Matched through the earlier shape: the state today holds a key, not the words.
    expect(result.actualHash).not.toBe(result.expectedHash)
    expect(downloadMessageText(result.state.packages.version.download.message!)).toBe(
      'You do not have permission to download left-pad-1.3.0.tgz',
    )
  })

  it('a key goes back to the words an earlier build kept, and an earlier snapshot’s words come forward', () => {
    const move = STATE_MOVES.findIndex((m) => m.name.startsWith('packages download'))
    const earlier = (state: State) => earlierShapes(state)[STATE_MOVES.length - 1 - move]
    const blocked = { key: 'downloadBlocked', file: 'a.tgz', policy: 'no-high', watch: 'everything' }
    // That build said "permission" of every 403 and nothing of a failure without a status.
    expect(messageOf(earlier(withMessage(blocked)))).toBe('You do not have permission to download a.tgz')
    expect(messageOf(earlier(withMessage({ key: 'downloadNotFound', file: 'a.tgz' })))).toBe(
      'a.tgz was not found',
    )
    expect(messageOf(earlier(withMessage({ key: 'downloadFailed', file: 'a.tgz' })))).toBeNull()
    expect(messageOf(earlier(withMessage(null)))).toBeNull()
    const lifted = currentShape(withMessage('a.tgz was not found') as never)
    expect(messageOf(lifted)).toEqual({ key: 'recorded', text: 'a.tgz was not found' })
    const current = withMessage(blocked)
    expect(currentShape(current as never)).toBe(current)
  })
})
