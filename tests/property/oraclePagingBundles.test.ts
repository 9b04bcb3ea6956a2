/**
 * More reference models for the replay property that can fail (see oracle.test.ts): package
 * paging (the list's rows, cursor and state as pages and failures arrive, stale answers
 * ignored) and support-bundle progress (creations under way per service). Each is written
 * from the specification's words and shares nothing with the areas' `evolve`; the live state
 * must agree with it after every step of a random session.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { Subject } from 'rxjs'
import { createApp } from '../../composition/createApp'
import type { AppEvent, AppState } from '../../domain/app'
import type { Envelope } from '../../domain/shared/area'
import { defaultPackageQuery } from '../../domain/packages/initial'
import { fakePorts } from '../support/fakePorts'
import { makePackage } from '../support/fakePackagesApi'
import { assertKeeping, keptCases } from '../support/keptCases'

// ---- Package paging ----

interface PagingRef {
  requestId: string | null
  status: 'idle' | 'loading' | 'loaded' | 'failed'
  rows: string[]
  endCursor: string | null
  hasNextPage: boolean
  totalCount: number | null
  /** The further page of a loaded list. */
  more: 'idle' | 'loading' | 'failed'
}
const freshList = (): PagingRef => ({
  requestId: null,
  status: 'idle',
  rows: [],
  endCursor: null,
  hasNextPage: false,
  totalCount: null,
  more: 'idle',
})

class PagingOracle {
  list = freshList()
  apply(event: AppEvent): void {
    const data = event.data as Record<string, unknown>
    switch (event.type) {
      case 'session/SignedOut':
        this.list = freshList()
        return
      case 'packages/ListRequested':
        // A new search starts from nothing; no query means the count-only page.
        this.list = { ...freshList(), requestId: data.requestId as string }
        this.list.status = data.query === null ? 'idle' : 'loading'
        return
      case 'packages/ListMoreRequested':
        this.list.requestId = data.requestId as string
        this.list.more = 'loading'
        return
      case 'packages/ListPageLoaded': {
        // Only the answer to the latest request counts, and only while the list waits for it:
        // a first page while it loads, a further page while that is on its way.
        if (data.requestId !== this.list.requestId || !this.waiting()) return
        const ids = (data.items as Array<{ id: string }>).map((p) => p.id)
        this.list.rows = this.list.status === 'loaded' ? [...this.list.rows, ...ids] : ids
        this.list.status = 'loaded'
        this.list.endCursor = data.endCursor as string | null
        this.list.hasNextPage = data.hasNextPage as boolean
        this.list.totalCount = data.totalCount as number
        this.list.more = 'idle'
        return
      }
      case 'packages/ListLoadFailed':
        if (data.requestId !== this.list.requestId || !this.waiting()) return
        // A further page's failure keeps the rows; a first page's leaves nothing but the failure.
        if (this.list.status === 'loaded') this.list.more = 'failed'
        else this.list = { ...freshList(), requestId: this.list.requestId, status: 'failed' }
        return
    }
  }
  waiting(): boolean {
    return this.list.status === 'loading' || (this.list.status === 'loaded' && this.list.more === 'loading')
  }
}

const pagingView = (s: AppState): PagingRef => {
  const list = s.packages.list
  const loaded = list.status === 'loaded' ? list.data : null
  return {
    requestId: list.requestId ?? null,
    status: list.status,
    rows: (loaded?.pages ?? []).flat().map((p) => p.id),
    endCursor: loaded?.endCursor ?? null,
    hasNextPage: loaded?.hasNextPage ?? false,
    totalCount: loaded?.totalCount ?? null,
    more: loaded?.more.status ?? 'idle',
  }
}

/** Steps of a paging session: the oracle's own request ids correlate the answers. */
type PagingStep =
  | { kind: 'search' }
  | { kind: 'more' }
  | { kind: 'answer'; more: boolean; size: number; hasNext: boolean; stale: boolean }
  | { kind: 'fail'; more: boolean; stale: boolean }
  | { kind: 'signOut' }
const pagingStep: fc.Arbitrary<PagingStep> = fc.oneof(
  fc.constant({ kind: 'search' as const }),
  fc.constant({ kind: 'more' as const }),
  fc.record({
    kind: fc.constant('answer' as const),
    more: fc.boolean(),
    size: fc.nat(4),
    hasNext: fc.boolean(),
    stale: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('fail' as const), more: fc.boolean(), stale: fc.boolean() }),
  fc.constant({ kind: 'signOut' as const }),
)

function checkPaging(steps: ReadonlyArray<PagingStep>): void {
  const injected = new Subject<AppEvent>()
  const app = createApp({ ports: fakePorts(), effects: { injected: () => injected } })
  const oracle = new PagingOracle()
  const recorded: string[] = []
  app.events$.subscribe((e: Envelope<AppEvent>) => {
    recorded.push(e.event.type)
    oracle.apply(e.event)
  })
  let injectedCount = 0
  const inject = (event: AppEvent) => {
    injectedCount++
    injected.next(event)
  }
  let made = 0
  try {
    for (const step of steps) {
      const requestId =
        step.kind !== 'search' && 'stale' in step && step.stale ? 'stale-id' : oracle.list.requestId
      if (step.kind === 'search')
        app.dispatch({ type: 'packages/OpenList', query: { ...defaultPackageQuery, name: 'p*' } }, 'script')
      else if (step.kind === 'more') app.dispatch({ type: 'packages/LoadMore' }, 'script')
      else if (step.kind === 'signOut')
        inject({ type: 'session/SignedOut', data: { reason: 'logout' } } as AppEvent)
      else if (requestId !== null && step.kind === 'answer') {
        const items = Array.from({ length: step.size }, () => makePackage(`p${made++}`))
        inject({
          type: 'packages/ListPageLoaded',
          data: {
            requestId,
            more: step.more,
            items,
            endCursor: items.length ? `c${made}` : null,
            hasNextPage: step.hasNext,
            totalCount: made + (step.hasNext ? 10 : 0),
          },
        } as unknown as AppEvent)
      } else if (requestId !== null && step.kind === 'fail')
        inject({
          type: 'packages/ListLoadFailed',
          data: { requestId, more: step.more, failure: { kind: 'network', message: 'down' } },
        } as AppEvent)
      expect(pagingView(app.getState())).toEqual(oracle.list)
    }
    // Every injected event was valid and recorded (the effect-free bus records nothing else
    // but the commands' own events).
    const injectedTypes = ['session/SignedOut', 'packages/ListPageLoaded', 'packages/ListLoadFailed']
    expect(recorded.filter((t) => injectedTypes.includes(t))).toHaveLength(injectedCount)
  } finally {
    app.dispose()
  }
}

// ---- Support-bundle progress ----

/** Creations under way, per service (spec: the service stays busy while one of its bundles is being made). */
class BundlesOracle {
  underWay = new Map<string, number>()
  apply(event: AppEvent): void {
    const data = event.data as Record<string, unknown>
    if (event.type === 'session/SignedOut') this.underWay.clear()
    else if (event.type === 'supportBundles/CreationStarted') {
      const service = (data.request as { service: string }).service
      this.underWay.set(service, (this.underWay.get(service) ?? 0) + 1)
    } else if (event.type === 'supportBundles/Created' || event.type === 'supportBundles/CreationFailed') {
      const service = data.service as string
      const left = Math.max(0, (this.underWay.get(service) ?? 0) - 1)
      if (left === 0) this.underWay.delete(service)
      else this.underWay.set(service, left)
    }
  }
  view(): Record<string, number> {
    return Object.fromEntries([...this.underWay].sort(([a], [b]) => a.localeCompare(b)))
  }
}
/** Services with a creation under way (a service at 0 has none, kept or not). */
const bundlesView = (s: AppState): Record<string, number> =>
  Object.fromEntries(
    Object.entries(s.supportBundles.inProgress)
      .filter(([, n]) => n > 0)
      .sort(([a], [b]) => a.localeCompare(b)),
  )

const service = fc.constantFrom('artifactory', 'xray', 'distribution')
const bundleEvent: fc.Arbitrary<AppEvent> = fc.oneof(
  fc.record({ id: fc.nat(5), service }).map(
    ({ id, service }) =>
      ({
        type: 'supportBundles/CreationStarted',
        data: {
          requestId: `r${id}`,
          at: '2026-01-01T00:00:00.000Z',
          request: { name: `b${id}`, description: '', service, threadDumpCount: 0, threadDumpInterval: 0 },
        },
      }) as unknown as AppEvent,
  ),
  fc.record({ id: fc.nat(5), service }).map(
    ({ id, service }) =>
      ({
        type: 'supportBundles/CreationFailed',
        data: { requestId: `r${id}`, service, failure: { kind: 'network', message: 'down' } },
      }) as AppEvent,
  ),
  fc.constant({ type: 'session/SignedOut', data: { reason: 'logout' } } as AppEvent),
)

function checkBundles(events: ReadonlyArray<AppEvent>): void {
  const injected = new Subject<AppEvent>()
  const app = createApp({ ports: fakePorts(), effects: { injected: () => injected } })
  const oracle = new BundlesOracle()
  let recorded = 0
  app.events$.subscribe((e: Envelope<AppEvent>) => {
    if (e.event.type.startsWith('supportBundles/') || e.event.type === 'session/SignedOut') recorded++
    oracle.apply(e.event)
  })
  try {
    for (const event of events) {
      injected.next(event)
      expect(bundlesView(app.getState())).toEqual(oracle.view())
    }
    // Every generated event was valid and recorded: the comparison was not of two empty states.
    expect(recorded).toBe(events.length)
  } finally {
    app.dispose()
  }
}

// A failing case of either property is kept here and runs every time (tests/support/keptCases.ts).
const PAGING = new URL('../fixtures/oracle/paging.json', import.meta.url)
const BUNDLES = new URL('../fixtures/oracle/bundles.json', import.meta.url)

describe('live state agrees with reference models after every step', () => {
  it('package paging: rows, cursor and state, stale answers ignored', () => {
    assertKeeping(PAGING, fc.array(pagingStep, { maxLength: 40 }), checkPaging, { numRuns: 200 })
  })

  it('support bundles: creations under way per service', () => {
    assertKeeping(BUNDLES, fc.array(bundleEvent, { maxLength: 40 }), checkBundles, { numRuns: 200 })
  })

  it.each(keptCases<PagingStep[]>(PAGING).map((c) => [c.found, c] as const))(
    'kept paging case: %s',
    (_found, c) => {
      checkPaging(c.value)
    },
  )

  it.each(keptCases<AppEvent[]>(BUNDLES).map((c) => [c.found, c] as const))(
    'kept bundles case: %s',
    (_found, c) => {
      checkBundles(c.value)
    },
  )
})
