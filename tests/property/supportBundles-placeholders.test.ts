/**
 * The support bundle placeholders' life (spec 001, support bundle creation): on creation a
 * placeholder bundle in progress shows at once; when no service has a creation in progress,
 * after the delay the placeholders go (and the list reloads). A failed creation's placeholder
 * goes at once, since that bundle will never exist. Checked on the bus with the clean-up effect
 * and virtual time, for any interleaving of creations, answers and waits.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { Subject } from 'rxjs'
import { createApp } from '../../composition/createApp'
import { supportBundlesEffects } from '../../commands/effects/supportBundles'
import type { AppEvent } from '../../domain/app'
import { CreationFailed, CreationStarted, Created } from '../../domain/supportBundles/events'
import { fakePorts } from '../support/fakePorts'

type Step =
  | { readonly kind: 'create'; readonly service: string }
  | { readonly kind: 'answer'; readonly which: number; readonly ok: boolean }
  | { readonly kind: 'wait' }

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    service: fc.constantFrom('artifactory', 'xray', 'distribution'),
  }),
  fc.record({ kind: fc.constant('answer' as const), which: fc.nat(4), ok: fc.boolean() }),
  fc.constant({ kind: 'wait' as const }),
)

function check(steps: ReadonlyArray<Step>): void {
  const injected = new Subject<AppEvent>()
  const ports = fakePorts()
  const app = createApp({
    ports,
    effects: { cleanUpPlaceholders: supportBundlesEffects.cleanUpPlaceholders!, injected: () => injected },
  })
  // The specification's words: what is under way, which placeholders show, whether the delay runs.
  let underWay: { requestId: string; service: string }[] = []
  let shown: string[] = []
  let waitingToClear = false
  let n = 0
  try {
    for (const s of steps) {
      if (s.kind === 'create') {
        const requestId = `c${++n}`
        injected.next(
          CreationStarted({
            requestId,
            request: {
              name: `b${n}`,
              description: '',
              service: s.service,
              threadDumpCount: 0,
              threadDumpInterval: 0,
            },
          }),
        )
        underWay.push({ requestId, service: s.service })
        shown.unshift(requestId)
        waitingToClear = false
      } else if (s.kind === 'answer') {
        const answered = underWay[s.which % Math.max(1, underWay.length)]
        if (answered === undefined) continue
        const { requestId, service } = answered
        injected.next(
          s.ok
            ? Created({
                requestId,
                service,
                bundle: {
                  id: `bundle-${requestId}`,
                  name: requestId,
                  description: '',
                  createdAt: '2026-01-01T00:00:00.000Z',
                  status: 'in progress',
                  service,
                  nodeId: null,
                  size: null,
                  error: null,
                },
              })
            : CreationFailed({ requestId, service, failure: { kind: 'status', status: 500, message: 'no' } }),
        )
        underWay = underWay.filter((u) => u.requestId !== requestId)
        if (!s.ok) shown = shown.filter((id) => id !== requestId)
        waitingToClear = underWay.length === 0
      } else {
        ports.advance(3000)
        if (waitingToClear) shown = []
        waitingToClear = false
      }
      const placeholders = app.getState().supportBundles.placeholders
      expect(placeholders.map((p) => p.requestId)).toEqual(shown)
      expect(placeholders.every((p) => p.status === 'in progress')).toBe(true)
      // Never gone while its creation is under way.
      for (const u of underWay) expect(placeholders.some((p) => p.requestId === u.requestId)).toBe(true)
    }
  } finally {
    app.dispose()
  }
}

describe('support bundle placeholders', () => {
  it('show from creation until it fails, or until the delay passes with no creation in progress', () => {
    fc.assert(fc.property(fc.array(step, { maxLength: 30 }), check), { numRuns: 200 })
  })
})
