/**
 * The repository form's problems became message keys: SaveRejected and
 * SaveFailed v1 carried each field's problem as prose. A log of the build before
 * (tests/fixtures/logs/moved/repositoryProblemsInProse.ndjson: the platform refusing a taken key,
 * then the rules refusing a bad key and a remote without a URL) replays, its prose kept as
 * recorded text, to the hash its trailer took over the words.
 */
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { replayLog } from '../../domain/log'
import { STATE_MOVES, currentShape, earlierShapes } from '../../domain/stateMoves'
import { upcastProblemsV1 } from '../../domain/repositories/events'
import { initialAppState } from '../../domain/app'
import { repositoryProblemText } from '../../ui/repositories/messages'

const old = readFileSync(
  join(import.meta.dirname, '../fixtures/logs/moved/repositoryProblemsInProse.ndjson'),
  'utf8',
)

describe('a log whose repository problems are prose replays', () => {
  it('the log is of the earlier build (v1 events with prose)', () => {
    expect(old).toContain('"type":"repositories/SaveRejected","v":1')
    expect(old).toContain('"url":"This field is mandatory"')
  })

  it('strictly, its prose kept as recorded text, to the hash its trailer recorded', () => {
    const result = replayLog(old)
    expect(result.errors).toEqual([])
    expect(result.events).toBe(3)
    expect(result.state.repositories.problems).toEqual({
      key: { key: 'recorded', text: 'Name can only contain alphanumeric characters, dashes and periods' },
      url: { key: 'recorded', text: 'This field is mandatory' },
    })
    expect(result.hashMatches).toBe(true)
    expect(result.actualHash).not.toBe(result.expectedHash)
  })

  it('the view shows the recorded words as they were', () => {
    const { problems } = replayLog(old).state.repositories
    expect(Object.values(problems).map(repositoryProblemText)).toEqual([
      'Name can only contain alphanumeric characters, dashes and periods',
      'This field is mandatory',
    ])
  })

  it('SaveFailed v1: the platform’s words become recorded text', () => {
    expect(
      upcastProblemsV1({
        requestId: 's',
        failure: { kind: 'status', message: 'taken' },
        problems: { key: 'A repository with the key x exists' },
      }),
    ).toEqual({
      requestId: 's',
      failure: { kind: 'status', message: 'taken' },
      problems: { key: { key: 'recorded', text: 'A repository with the key x exists' } },
    })
  })

  it('a state with keys goes back to the words an earlier build kept, and an earlier snapshot comes forward', () => {
    const withKeys = {
      ...initialAppState,
      repositories: {
        ...initialAppState.repositories,
        problems: { key: { key: 'repositoryKeyTooLong', max: 64 }, url: { key: 'invalidUrl' } },
      },
    } as typeof initialAppState
    // The shapes are newest first: the one before this move is as many from the end as it is from the start.
    const move = STATE_MOVES.findIndex((m) => m.name.startsWith('repositories problems'))
    const earlier = earlierShapes(withKeys)[STATE_MOVES.length - 1 - move] as {
      repositories: { problems: unknown }
    }
    expect(earlier.repositories.problems).toEqual({
      key: 'Repository key must be at most 64 characters',
      url: 'Enter a valid URL',
    })
    const lifted = currentShape(earlier as never) as unknown as typeof initialAppState
    expect(lifted.repositories.problems).toEqual({
      key: { key: 'recorded', text: 'Repository key must be at most 64 characters' },
      url: { key: 'recorded', text: 'Enter a valid URL' },
    })
    expect(currentShape(withKeys as never)).toBe(withKeys)
  })
})
