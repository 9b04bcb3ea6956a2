// The overview page's figures: asked for under the command's id; the answer to the latest
// request shows, an earlier one's never; a reload keeps the figures on screen until it is
// answered; signing out forgets them.
import { describe, expect, it } from 'vitest'
import { appSlice, type AppEvent } from '../../domain/app'
import { overviewArea } from '../../domain/overview/decider'
import * as O from '../../domain/overview/events'
import type { Overview } from '../../domain/overview/types'
import { SignedOut } from '../../domain/session/events'
import { spec } from '../support/decider'

const overview = spec(appSlice(overviewArea))
const down = { kind: 'status', status: 503, message: 'unavailable' } as const
const figures = (artifactCount: number): Overview => ({
  artifactCount,
  packagesByType: [],
  vulnerabilities: [],
  recentDeployments: [],
  storage: { artifactBytes: 0, blobCount: 0, diskFreeBytes: 1, diskTotalBytes: 2 },
  health: [],
})

describe('overview decider', () => {
  it('the figures are asked for under the command’s id', () => {
    overview
      .given()
      .when({ type: 'overview/Load' })
      .then(O.Requested({ requestId: 'id-1' }))
  })

  it('the answer to the latest request shows; an earlier one’s never does', () => {
    const asked = [O.Requested({ requestId: 'r1' }), O.Requested({ requestId: 'r2' })]
    expect(
      overview.given(...asked, O.Loaded({ requestId: 'r1', overview: figures(1) })).state.overview,
    ).toEqual({
      status: 'loading',
      requestId: 'r2',
    })
    expect(overview.given(...asked, O.Failed({ requestId: 'r1', failure: down })).state.overview).toEqual({
      status: 'loading',
      requestId: 'r2',
    })
    expect(
      overview.given(...asked, O.Loaded({ requestId: 'r2', overview: figures(2) })).state.overview,
    ).toEqual({
      status: 'loaded',
      data: figures(2),
    })
    expect(overview.given(...asked, O.Failed({ requestId: 'r2', failure: down })).state.overview).toEqual({
      status: 'failed',
      failure: down,
    })
  })

  it('an answer nobody asked for changes nothing', () => {
    expect(overview.given(O.Loaded({ requestId: 'r1', overview: figures(1) })).state.overview).toEqual({
      status: 'idle',
    })
    expect(overview.given(O.Failed({ requestId: 'r1', failure: down })).state.overview).toEqual({
      status: 'idle',
    })
  })

  it('a reload keeps the figures on screen until its answer', () => {
    const state = overview.given(
      O.Requested({ requestId: 'r1' }),
      O.Loaded({ requestId: 'r1', overview: figures(1) }),
      O.Requested({ requestId: 'r2' }),
    ).state
    expect(state.overview).toEqual({ status: 'loading', requestId: 'r2', previous: figures(1) })
  })

  it('signing out forgets the figures', () => {
    const state = overview.given(
      O.Requested({ requestId: 'r1' }),
      O.Loaded({ requestId: 'r1', overview: figures(1) }),
      SignedOut({ reason: 'user' }) as AppEvent,
    ).state
    expect(state.overview).toEqual({ status: 'idle' })
  })
})
