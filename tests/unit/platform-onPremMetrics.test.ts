// On-prem metrics in the start-up (spec 000 section 4): sent last, once per page life, only when
// the feature is on for a self-hosted instance; a failure is logged and changes nothing else.
import { describe, expect, it } from 'vitest'
import { right } from 'fp-ts/Either'
import { createApp } from '../../composition/createApp'
import { allEffects } from '../../composition/createApp'
import type { OnPremMetrics } from '../../domain/platform'
import type { PlatformApi } from '../../adapters/ports'
import { fakePorts } from '../support/fakePorts'
import { fail, footer, platformApi, sessionApi, user } from '../support/fixtures'
import { flush } from '../support/wait'

function start(over: Partial<PlatformApi>, features: Record<string, boolean>) {
  const sent: OnPremMetrics[] = []
  const app = createApp({
    ports: fakePorts({
      sessionApi: sessionApi({}, user()),
      platformApi: platformApi({
        features: () => Promise.resolve(right(features)),
        sendOnPremMetrics: (m) => {
          sent.push(m)
          return Promise.resolve(right(undefined))
        },
        ...over,
      }),
    }),
    effects: allEffects,
  })
  const types: string[] = []
  app.events$.subscribe((e) => types.push(e.event.type))
  return { app, sent, types }
}

describe('on-prem metrics at start-up', () => {
  it('are sent once, last, with the version, package types and number of services', async () => {
    const { app, sent, types } = start({}, { onPremMetrics: true })
    app.dispatch({ type: 'platform/Start' })
    await flush()
    expect(sent).toEqual([{ frontendVersion: '7.0.0', packageTypes: ['npm', 'maven'], services: 2 }])
    expect(types.at(-1)).toBe('platform/OnPremMetricsSent')
    expect(types.indexOf('platform/NavigationTypeInitialised')).toBeLessThan(
      types.indexOf('platform/OnPremMetricsSent'),
    )
    // A second start-up (after a login) sends nothing more.
    app.dispatch({ type: 'platform/Start', reason: 'login' })
    await flush()
    expect(app.getState().platform.starts).toBe(2)
    expect(sent).toHaveLength(1)
    expect(JSON.stringify(sent)).not.toContain('developer')
  })

  it('are not sent when the feature is off, or on a cloud instance', async () => {
    for (const [over, features] of [
      [{}, {}],
      [{ footer: () => Promise.resolve(right(footer({ isCloud: true }))) }, { onPremMetrics: true }],
    ] as const) {
      const { app, sent, types } = start(over, features)
      app.dispatch({ type: 'platform/Start' })
      await flush()
      expect(types).toContain('platform/StartCompleted')
      expect(sent).toEqual([])
      expect(types.some((t) => t.startsWith('platform/OnPremMetrics'))).toBe(false)
    }
  })

  it('a failure is logged only, and the next start-up tries again', async () => {
    let calls = 0
    const { app, types } = start(
      {
        sendOnPremMetrics: () => {
          calls++
          return fail({ kind: 'status', status: 503, message: 'down' })
        },
      },
      { onPremMetrics: true },
    )
    app.dispatch({ type: 'platform/Start' })
    await flush()
    expect(types).toContain('platform/OnPremMetricsFailed')
    expect(app.getState().platform.initialDataFetched).toBe(true)
    expect(app.getState().platform.lastFailure).toBeNull()
    expect(app.getState().notifications).toEqual(
      createApp({ ports: fakePorts(), effects: {} }).getState().notifications,
    )
    app.dispatch({ type: 'platform/Start', reason: 'login' })
    await flush()
    expect(calls).toBe(2)
  })
})
