// The artifact tree's central rule, whatever the user does and in whatever order the platform
// answers: a folder shows its children in the platform's order, a page after another without a
// gap or a repeat (a prefix of the listing), "load more" asks for the page right after what
// shows, and an answer to a request that was superseded never shows.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { isRight } from 'fp-ts/Either'
import { appSlice, type AppCommand, type AppEvent, type AppState } from '../../domain/app'
import { artifactsArea } from '../../domain/artifacts/decider'
import * as E from '../../domain/artifacts/events'
import { TREE_PAGE_SIZE, nodeId } from '../../domain/artifacts/rules'
import type { TreeChild } from '../../domain/artifacts/types'
import { evolve, foldEvents, specMeta } from '../support/decider'

const area = appSlice(artifactsArea)
const REPO = 'libs-local'
const FOLDER = 'org/acme'

type Step =
  | { readonly kind: 'toggle' | 'more' | 'refresh' }
  // Answer the request `back` requests before the latest (0: the latest), or fail it.
  | { readonly kind: 'answer'; readonly back: number; readonly fails: boolean }

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constantFrom('toggle' as const, 'more' as const, 'refresh' as const) }),
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('answer' as const), back: fc.nat(2), fails: fc.boolean() }),
  },
)

const child = (i: number): TreeChild => ({ name: `c${i}`, path: `${FOLDER}/c${i}`, folder: false, size: i })

function run(count: number, steps: ReadonlyArray<Step>): void {
  const listing = Array.from({ length: count }, (_, i) => child(i))
  let state: AppState = foldEvents([])
  const asked: Array<ReturnType<typeof E.ChildrenRequested>['data']> = []
  let n = 0
  const record = (events: ReadonlyArray<AppEvent>) => {
    for (const event of events) {
      state = evolve(state, event)
      if (event.type === 'artifacts/ChildrenRequested') asked.push(event.data)
    }
  }
  for (const s of steps) {
    const folder = () => state.artifacts.folders[nodeId(REPO, FOLDER)]
    if (s.kind === 'answer') {
      const request = asked[asked.length - 1 - s.back]
      if (request === undefined) continue
      const before = folder()
      record([
        s.fails
          ? E.ChildrenFailed({ ...request, failure: { kind: 'network', message: 'offline' } })
          : E.ChildrenLoaded({
              ...request,
              children: listing.slice(request.offset, request.offset + request.limit),
              total: count,
            }),
      ])
      const latest = request === asked[asked.length - 1]
      if (!latest || before?.pending === null) expect(folder()).toBe(before)
      else if (s.fails)
        expect(folder()).toMatchObject({ items: before!.items, pending: null, failure: { kind: 'network' } })
      else expect(folder()).toMatchObject({ total: count, pending: null, failure: null })
    } else {
      const command = {
        type:
          s.kind === 'toggle'
            ? 'artifacts/Toggle'
            : s.kind === 'more'
              ? 'artifacts/LoadMore'
              : 'artifacts/Refresh',
        repoKey: REPO,
        path: FOLDER,
      } as AppCommand
      const before = folder()
      n += 1
      const decided = area.decide(command as never, state, { ...specMeta, id: `c${n}` })
      expect(isRight(decided)).toBe(true)
      const events = isRight(decided) ? (decided.right as AppEvent[]) : []
      const pages = events.filter((e) => e.type === 'artifacts/ChildrenRequested')
      if (s.kind === 'more' && pages.length > 0) {
        // The page right after what shows, of the tree's page size.
        expect(pages.map((e) => [e.data.offset, e.data.limit])).toEqual([
          [before?.items.length ?? 0, TREE_PAGE_SIZE],
        ])
      }
      record(events)
    }
    const shown = folder()
    if (shown === undefined) continue
    expect(shown.items).toEqual(listing.slice(0, shown.items.length))
    expect([null, count]).toContain(shown.total)
  }
}

describe('artifact tree paging (property)', () => {
  it('a folder shows a prefix of its listing, whatever the order of the answers', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(0, 1, TREE_PAGE_SIZE - 1, TREE_PAGE_SIZE, TREE_PAGE_SIZE + 1, 2 * TREE_PAGE_SIZE + 7),
        fc.array(step, { maxLength: 30 }),
        run,
      ),
      { numRuns: 300 },
    )
  })
})
