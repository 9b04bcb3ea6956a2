// The admin lists' central rule, whatever order requests and answers arrive in: a list shows
// the answer to its latest request and never an earlier one's; while it reloads it keeps what
// it showed (the same project's members only), so a page does not blank.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import * as A from '../../domain/admin'
import { appSlice, type AppEvent } from '../../domain/app'
import { fold } from '../support/decider'

const evolve = appSlice(A.adminArea).evolve
const down = { kind: 'timeout', message: 'slow' } as const

type Step =
  | { readonly kind: 'request'; readonly project: string }
  // `back` requests before the latest (0: the latest).
  | { readonly kind: 'answer'; readonly back: number; readonly value: string }
  | { readonly kind: 'fail'; readonly back: number }

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('request' as const), project: fc.constantFrom('alpha', 'beta') }),
  fc.record({ kind: fc.constant('answer' as const), back: fc.nat(2), value: fc.string({ maxLength: 3 }) }),
  fc.record({ kind: fc.constant('fail' as const), back: fc.nat(2) }),
)

/** The steps as events on the members list (the one list that also has a key). */
function events(steps: ReadonlyArray<Step>): AppEvent[] {
  let asked = 0
  return steps.map((s) => {
    if (s.kind === 'request') {
      asked += 1
      return A.LoadRequested({ resource: 'members', requestId: `r${asked}`, key: s.project })
    }
    const requestId = `r${asked - s.back}`
    return s.kind === 'answer'
      ? A.Loaded({ requestId, data: { resource: 'members', value: [{ name: s.value, roles: [] }] } })
      : A.LoadFailed({ resource: 'members', requestId, failure: down })
  })
}

describe('admin lists (property)', () => {
  it('show the latest request’s answer, and keep the same project’s list while reloading', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), (steps) => {
        let state = A.initialAdminState
        // What the user saw last of each project (reset when another project's list loads).
        let shown: { project: string; value: ReadonlyArray<A.Member> } | undefined
        let latest: { id: string; project: string; answered: boolean } | undefined
        for (const event of events(steps)) {
          state = fold(evolve, [event], state)
          const members = state.resources.members
          if (event.type === 'admin/LoadRequested') {
            latest = { id: event.data.requestId, project: event.data.key ?? '', answered: false }
            expect(members).toMatchObject({ status: 'loading', requestId: latest.id })
            expect(state.membersOf).toBe(latest.project)
            const kept = shown?.project === latest.project ? shown.value : undefined
            expect(members.status === 'loading' ? members.previous : 'not loading').toEqual(kept)
            if (kept === undefined) shown = undefined
            continue
          }
          const { requestId } = event.data as { readonly requestId: string }
          const answersLatest = latest !== undefined && !latest.answered && requestId === latest.id
          if (!answersLatest) continue
          latest = { ...latest!, answered: true }
          if (event.type === 'admin/Loaded') {
            expect(members).toEqual({ status: 'loaded', data: event.data.data.value })
            shown = { project: latest.project, value: event.data.data.value as ReadonlyArray<A.Member> }
          } else {
            expect(members).toEqual({ status: 'failed', failure: down })
            shown = undefined
          }
        }
        // An answer that was not to the latest request never shows.
        if (latest !== undefined && !latest.answered)
          expect(state.resources.members).toMatchObject({ status: 'loading', requestId: latest.id })
      }),
      {
        numRuns: 500,
        // A found failure, kept: another project's members showed while the first one reloaded.
        examples: [
          [
            [
              { kind: 'request', project: 'alpha' },
              { kind: 'answer', back: 0, value: '' },
              { kind: 'request', project: 'alpha' },
              { kind: 'request', project: 'beta' },
            ],
          ],
        ],
      },
    )
  })
})
