/**
 * Effects of areas the login page does not use, loaded with their area's first event, so
 * their code stays out of the first load (the browser composes them so: ui/areas.ts; tests,
 * scripts and Node load every effect up front: composition/createApp.ts).
 *
 * Events of the area that arrive while its module loads are kept and handed to it in order
 * once it runs. What it emits keeps the correlation id of its cause (`caused`), and a
 * failing effect is recorded and restarted under its own `area.effect` name, as the bus does.
 */
import { Observable, Subject, Subscription } from 'rxjs'
import type { AppEvent } from '../../domain/app'
import { EffectFailed } from '../../domain/bus'
import type { Envelope } from '../../domain/shared/area'
import { MAX_EFFECT_RESTARTS } from '../bus'
import type { Effect, EffectOutput, EffectTable } from './types'

/** Every effect of every table, named `area.effect` so a failure names its source. */
export function namedEffects(tables: Readonly<Record<string, EffectTable>>): EffectTable {
  return Object.fromEntries(
    Object.entries(tables).flatMap(([area, table]) =>
      Object.entries(table).map(([name, effect]) => [`${area}.${name}`, effect]),
    ),
  )
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** The events of an area: `area/…`. */
export const areaEvents =
  (area: string) =>
  (type: string): boolean =>
    type.startsWith(`${area}/`)

/**
 * One effect standing for the area's effects until they load: the first event it accepts
 * (by default `area/…`) loads them. They see only the events it accepts (a test checks that
 * each lazily loaded area's effects react to nothing else). A module that fails to load is
 * recorded as an `area.*` effect failure; the area's next event tries again.
 */
export function lazyEffects(
  area: string,
  load: () => Promise<EffectTable>,
  accepts: (event: AppEvent) => boolean = (event) => areaEvents(area)(event.type),
): Effect {
  const effect: Effect = (events$, state$, ports) =>
    new Observable<EffectOutput>((out) => {
      const subscriptions = new Subscription()
      const backlog: Envelope<AppEvent>[] = []
      let feed: Subject<Envelope<AppEvent>> | undefined
      let loading = false
      let flushing = false

      // Handing an event to the effects may record further events at once: they queue behind it.
      const flush = (to: Subject<Envelope<AppEvent>>) => {
        if (flushing) return
        flushing = true
        for (let next = backlog.shift(); next; next = backlog.shift()) to.next(next)
        flushing = false
      }

      const run = (to: Subject<Envelope<AppEvent>>, name: string, effect: Effect, restarts: number) => {
        let output$: Observable<EffectOutput>
        try {
          output$ = effect(to.asObservable(), state$, ports)
        } catch (error) {
          out.next(EffectFailed({ effect: name, message: messageOf(error) }))
          return
        }
        subscriptions.add(
          output$.subscribe({
            next: (output) => out.next(output),
            error: (error: unknown) => {
              out.next(EffectFailed({ effect: name, message: messageOf(error) }))
              if (restarts < MAX_EFFECT_RESTARTS) run(to, name, effect, restarts + 1)
            },
          }),
        )
      }

      const start = () => {
        loading = true
        load().then(
          (table) => {
            if (out.closed) return
            const to = new Subject<Envelope<AppEvent>>()
            subscriptions.add(() => to.complete())
            for (const [name, effect] of Object.entries(table)) run(to, `${area}.${name}`, effect, 0)
            feed = to
            flush(to)
          },
          (error: unknown) => {
            loading = false
            backlog.length = 0
            if (!out.closed)
              out.next(
                EffectFailed({
                  effect: `${area}.*`,
                  message: `could not load the effects: ${messageOf(error)}`,
                }),
              )
          },
        )
      }

      subscriptions.add(
        events$.subscribe((envelope) => {
          if (!accepts(envelope.event)) return
          backlog.push(envelope)
          if (feed) flush(feed)
          else if (!loading) start()
        }),
      )
      return subscriptions
    })
  loaders.set(effect, { area, load })
  return effect
}

// What each lazy effect loads, so a composition that runs every area up front can load it first.
const loaders = new WeakMap<Effect, { readonly area: string; readonly load: () => Promise<EffectTable> }>()

/** The area and the loader a lazy effect stands for; undefined for any other effect. */
export const lazyEffectOf = (effect: Effect) => loaders.get(effect)
