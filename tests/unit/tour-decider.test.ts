/** The tour area's decider as a specification: it starts, moves within its steps and ends. */
import { describe, expect, it } from 'vitest'
import { tourArea } from '../../domain/tour'
import { appSlice } from '../../domain/app'
import * as T from '../../domain/tour/events'
import { recordedAt, spec } from '../support/decider'
import { startedAs } from '../support/fixtures'

const started = (flavour = 'platform', admin = false) => startedAs({ name: 'dev', flavour, admin })
const tour = spec(appSlice(tourArea))

describe('the tour', () => {
  it('starts where it is available, not for a non-admin of the tour environment', () => {
    tour
      .given(...started())
      .when({ type: 'tour/Start' })
      .then(T.TourStarted({}))
    tour
      .given(...started('tour'))
      .when({ type: 'tour/Start' })
      .rejected('not available')
    tour
      .given(...started('tour', true))
      .when({ type: 'tour/Start' })
      .then(T.TourStarted({}))
  })

  it('moves within its steps while it runs', () => {
    const running = [...started(), T.TourStarted({})]
    tour
      .given(...running)
      .when({ type: 'tour/Move', step: 4 })
      .then(T.TourStepShown({ step: 4 }))
    tour
      .given(...running)
      .when({ type: 'tour/Move', step: 0 })
      .nothing()
    tour
      .given(...running)
      .when({ type: 'tour/Move', step: 5 })
      .rejected('no step 5')
    tour
      .given(...running)
      .when({ type: 'tour/Move', step: -1 })
      .rejected('no step -1')
    tour
      .given(...started())
      .when({ type: 'tour/Move', step: 1 })
      .rejected('no tour is running')
  })

  it('ends with who finished it and when; ending no tour does nothing', () => {
    tour
      .given(...started(), T.TourStarted({}))
      .when({ type: 'tour/End', completed: true })
      .then(T.TourEnded({ completed: true, user: 'dev' }))
    // When: the time the end was recorded.
    const at = '2026-01-01T10:00:00.000Z'
    expect(
      tour.given(
        ...started(),
        T.TourStarted({}),
        recordedAt(at, T.TourEnded({ completed: true, user: 'dev' })),
      ).state.tour.completed,
    ).toEqual({ user: 'dev', at })
    tour
      .given(...started())
      .when({ type: 'tour/End', completed: false })
      .nothing()
  })
})
