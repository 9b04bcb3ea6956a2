/**
 * Laws of a version's availability, over every provenance: the install command is offered only
 * when nothing known stands in the way (offline, the upstream without the version, or failing
 * since it last answered), and the page asks the upstream only about a version it would offer
 * without knowing the upstream has it.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { availabilityOf, upstreamQuestion } from '../../domain/packages/rules'
import type { Provenance } from '../../domain/packages/types'

const instant = fc.option(
  fc.integer({ min: 0, max: 5 }).map((m) => `2026-01-01T00:0${m}:00.000Z`),
  { nil: null },
)

const provenance: fc.Arbitrary<Provenance> = fc.oneof(
  fc.constant<Provenance>({ kind: 'local', repository: 'npm-local' }),
  fc.constant<Provenance>({ kind: 'cached', repository: 'npm-remote', upstream: 'u', cachedAt: 'c' }),
  fc
    .record({
      offline: fc.boolean(),
      lastFailureAt: instant,
      lastSuccessAt: instant,
      inUpstream: fc.option(fc.boolean(), { nil: undefined }),
    })
    .map(({ inUpstream, ...p }) => ({
      kind: 'notCached' as const,
      repository: 'npm-remote',
      upstream: 'u',
      lastFailure: p.lastFailureAt ? 'failed' : null,
      ...p,
      ...(inUpstream === undefined ? {} : { inUpstream }),
    })),
)

const failingSinceAnswer = (p: Extract<Provenance, { kind: 'notCached' }>) =>
  p.lastFailureAt !== null && (p.lastSuccessAt === null || p.lastFailureAt > p.lastSuccessAt)

describe("a version's availability", () => {
  it('offers the command exactly when nothing known stands in the way', () => {
    fc.assert(
      fc.property(provenance, (p) => {
        const offered = ['stored', 'fetchable'].includes(availabilityOf(p))
        const blocked =
          p.kind === 'notCached' && (p.offline || p.inUpstream === false || failingSinceAnswer(p))
        expect(offered).toBe(!blocked)
      }),
    )
  })

  it('asks the upstream only about an offered version not known there; retries only the unreachable', () => {
    fc.assert(
      fc.property(provenance, (p) => {
        const question = upstreamQuestion(p)
        const availability = availabilityOf(p)
        expect(question === 'ask').toBe(
          availability === 'fetchable' && p.kind === 'notCached' && p.inUpstream === undefined,
        )
        expect(question === 'retry').toBe(availability === 'unreachable')
      }),
    )
  })
})
