/**
 * A replay property that can fail: live state is compared, after every step, with small
 * hand-written reference models that share nothing with the areas' `evolve` (in the style of
 * tldraw's store fuzzer, which checks incremental indexes against a from-scratch oracle).
 * The export → replay property cannot see a wrong `evolve`, because live and replay fold the
 * same one; these models state what the specification says each event does, independently.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { Subject } from 'rxjs'
import { createApp } from '../../composition/createApp'
import { eventSpecs, type AppCommand, type AppEvent, type AppState } from '../../domain/app'
import type { Envelope } from '../../domain/shared/area'
import { textOfModel } from '../../domain/search'
import { fakePorts } from '../support/fakePorts'
import { arbitraryFromCodec } from '../support/arbitraryFromCodec'
import { assertKeeping, keptCases } from '../support/keptCases'

// ---- Reference models: plain data, written from the specification's words ----

interface RecentRef {
  readonly id: string
  readonly type: string
  readonly queryString: string
}
/** Search (spec: the bar's text as typed; the last ten searches per user, newest first, no repeat). */
interface SearchModelRef {
  text: string
  recentOwner: string | null
  recent: RecentRef[]
}
/** Notifications (spec: at most five toasts, the oldest go first; a refused page says so). */
interface ToastRef {
  readonly id: string
  readonly kind: string
}

class Oracle {
  search: SearchModelRef = { text: '', recentOwner: null, recent: [] }
  toasts: ToastRef[] = []

  apply(event: AppEvent): void {
    const { type } = event
    const data = event.data as Record<string, unknown>
    if (type === 'session/SignedOut') this.search = { text: '', recentOwner: null, recent: [] }
    else if (type === 'search/TextChanged') this.search.text = data.text as string
    else if (type === 'search/TypeChanged') {
      // The bar shows the text the event names; logs older than that field kept the text.
      if (typeof data.text === 'string') this.search.text = data.text
    } else if (type === 'search/SearchRan' || type === 'search/UrlRestored') {
      this.search.text = typeof data.text === 'string' ? data.text : textOfModel(data.model as never)
      if (type === 'search/SearchRan') {
        const owner = data.owner as string
        const entry = data.recent as RecentRef
        // The list the search names (v2); a v1 line's is worked out from the one before.
        let list = Array.isArray(data.list) ? [...(data.list as RecentRef[])] : null
        if (list === null) {
          list = this.search.recentOwner === owner ? this.search.recent : []
          list = list.filter((r) => r.type !== entry.type || r.queryString !== entry.queryString)
          list.unshift(entry)
          while (list.length > 10) list.pop()
        }
        this.search.recentOwner = owner
        this.search.recent = list
      }
    } else if (type === 'search/RecentLoaded') {
      this.search.recentOwner = data.owner as string
      this.search.recent = [...(data.items as RecentRef[])]
    } else if (type === 'notifications/Shown') this.show({ id: data.id as string, kind: data.kind as string })
    else if (type === 'notifications/Dismissed') this.toasts = this.toasts.filter((t) => t.id !== data.id)
    else if (type === 'navigation/Denied' && data.notify === true)
      this.show({ id: data.id as string, kind: 'error' })
  }

  private show(toast: ToastRef): void {
    this.toasts.push(toast)
    if (this.toasts.length > 5) this.toasts.shift()
  }
}

/** The live state, seen through the reference models' eyes. */
function project(state: AppState) {
  return {
    search: {
      text: state.search.text,
      recentOwner: state.search.recentOwner,
      recent: state.search.recent.map((r) => ({ id: r.id, type: r.type, queryString: r.queryString })),
    },
    toasts: state.notifications.toasts.map((t) => ({ id: t.id, kind: t.kind })),
  }
}
function oracleView(o: Oracle) {
  return {
    search: {
      text: o.search.text,
      recentOwner: o.search.recentOwner,
      recent: o.search.recent.map((r) => ({ id: r.id, type: r.type, queryString: r.queryString })),
    },
    toasts: o.toasts.map((t) => ({ id: t.id, kind: t.kind })),
  }
}

// ---- Generators: commands a user sends and events effects record, for these areas ----

const prefixes = ['search/', 'notifications/', 'session/SignedOut', 'navigation/Denied']
const eventArbitrary: fc.Arbitrary<AppEvent> = fc
  .oneof(
    ...[...eventSpecs.values()]
      .filter((spec) => prefixes.some((p) => spec.type.startsWith(p)))
      .map((spec) => {
        const dataCodec = (
          spec.codec as unknown as { props: { data: Parameters<typeof arbitraryFromCodec>[0] } }
        ).props.data
        return arbitraryFromCodec(dataCodec).map((data) => ({ type: spec.type, data }) as AppEvent)
      }),
    // The decider always names the owner (recentSearchesOwner gives 'anonymous' for nobody); with
    // an empty owner evolve files the search under 'anonymous' and keeps showing the old list.
  )
  .filter((e) => !(e.type === 'search/SearchRan' && e.data.owner === ''))
// Few distinct words, so texts repeat and recent searches collide (the dedupe rule runs).
const word = fc.constantFrom('react', 'vue', 'type:npm', 'lodash', 'REACT', ' ', '')
const commandArbitrary: fc.Arbitrary<AppCommand> = fc.oneof(
  fc
    .array(word, { maxLength: 3 })
    .map((w) => ({ type: 'search/ChangeText', text: w.join(' ') }) as AppCommand),
  fc.constant({ type: 'search/Run' } as AppCommand),
  fc.record({ kind: fc.constantFrom('error', 'info', 'success', 'warning'), name: word }).map(
    ({ kind, name }) =>
      ({
        type: 'notifications/Show',
        kind,
        message: { key: 'saved', subject: 'proxy', name },
      }) as AppCommand,
  ),
  fc.nat(8).map((n) => ({ type: 'notifications/Dismiss', id: `id-${n}` }) as AppCommand),
)
type Step = { kind: 'command'; command: AppCommand } | { kind: 'event'; event: AppEvent }
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: commandArbitrary.map((command) => ({ kind: 'command' as const, command })) },
  { weight: 2, arbitrary: eventArbitrary.map((event) => ({ kind: 'event' as const, event })) },
)

function checkAgainstOracle(steps: ReadonlyArray<Step>): void {
  const injected = new Subject<AppEvent>()
  const app = createApp({ ports: fakePorts(), effects: { injected: () => injected } })
  const oracle = new Oracle()
  app.events$.subscribe((envelope: Envelope<AppEvent>) => oracle.apply(envelope.event))
  try {
    for (const step of steps) {
      if (step.kind === 'command') app.dispatch(step.command, 'script')
      else injected.next(step.event)
      expect(project(app.getState())).toEqual(oracleView(oracle))
    }
  } finally {
    app.dispose()
  }
}

// A failing case is kept here and runs every time (tests/support/keptCases.ts).
const CASES = new URL('../fixtures/oracle/models.json', import.meta.url)

describe('live state agrees with reference models after every step', () => {
  it('search text and recent searches, and notifications', () => {
    assertKeeping(CASES, fc.array(stepArbitrary, { maxLength: 60 }), checkAgainstOracle, { numRuns: 300 })
  })

  it.each(keptCases<Step[]>(CASES).map((c) => [c.found, c] as const))('kept case: %s', (_found, c) => {
    checkAgainstOracle(c.value)
  })
})
