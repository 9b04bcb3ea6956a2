/**
 * The RxJS core of the client. Commands are handled one at a time, in arrival order:
 * decide → events → envelope → log → evolve → state$ → events$ → policies. Anything
 * dispatched while a command is being handled (by a policy, an effect or a view reacting
 * to state$) waits in the queue, so handling is never re-entrant.
 */
import { BehaviorSubject, type Observable, Subject, Subscription, distinctUntilChanged, map } from 'rxjs'
import { isLeft, type Either } from 'fp-ts/Either'
import type { AppCommand, AppEvent, AppRegistry, AppState } from '../domain/app'
import { MFE_MOUNT_LIMIT_MS } from '../domain/shared/microFrontends'
import { CommandRejected, EffectFailed } from '../domain/bus'
import type { CommandMeta, Envelope, Source } from '../domain/shared/area'
import { EventLog } from '../domain/eventLog'
import { buildInfo, type BuildInfo } from '../domain/build'
import { redactEventSecrets } from '../domain/shared/secretParams'
import { checkEventForLog } from '../domain/shared/eventCheck'
import { decodeCommand } from '../domain/commandCodecs'
import type { Decoder } from 'io-ts'
import { PathReporter } from 'io-ts/PathReporter'
import { runQuery, type AppQuery, type QueryResult } from '../queries'
import type { Clock, IdSource, Ports, ShownSecrets } from '../adapters/ports'
import type { EffectOutput, EffectTable, StateObservable } from './effects/types'

export interface App {
  dispatch(command: AppCommand, source?: Source): void
  ask<Q extends AppQuery>(query: Q): Observable<QueryResult<Q>>
  /** Emits the current state at once on subscription, then every change. */
  readonly state$: Observable<AppState>
  readonly events$: Observable<Envelope<AppEvent>>
  getState(): AppState
  /** Keeps a secret out of commands and events; the command carries the returned reference. */
  stashSecret(secret: string): string
  /**
   * A secret the platform gave (a generated token) that an effect put in the vault and an event
   * names by reference: readable once, so the view that shows it keeps it in its own memory.
   */
  takeSecret(ref: string): string | undefined
  /** Keeps a file the user chose out of commands and events; the command carries the reference. */
  stashFile(file: Blob): string
  /** What a shown secret's reference in state stands for (this app's own, in memory only). */
  readonly shown: {
    readonly [K in keyof ShownSecrets]: Pick<ShownSecrets[K], 'get'>
  }
  /**
   * The secret a redacted query parameter stands for (`redactEventSecrets` replaced it
   * before the event was recorded), or the value itself when it is no such reference.
   * Readable for the page's lifetime: a screen may use a reset key twice.
   */
  revealQuerySecret(value: string): string
  exportLog(): string
  /**
   * Resolves when no call to the platform is waiting for its answer (a script's "the client
   * has done what it was asked"): dispatch, then `await app.settled()`, then read the state.
   * Apps made by createApp have it (the browser's does not count its calls).
   */
  settled?(): Promise<void>
  dispose(): void
}

export interface BusOptions {
  readonly ports: Ports
  readonly effects: EffectTable
  /**
   * The areas the bus runs: `eagerAreas` of domain/app.ts (createApp), or the browser's,
   * where areas the login page never uses load with their first command (browserApp.ts).
   */
  readonly areas: AppRegistry
  /** Defaults to the registry's initial state. */
  readonly initialState?: AppState
  /** Events recorded before effects start (tests seed the app this way). */
  readonly seed?: ReadonlyArray<AppEvent>
  readonly maxLogEvents?: number
  /** The build named in the log's header; defaults to this one. */
  readonly build?: BuildInfo
  /** Policies besides the areas' own (scripts and tests add theirs). */
  readonly policies?: ReadonlyArray<Policy>
}

/** A pure reaction: an event and the state it produced ask for further commands. */
export type Policy = (envelope: Envelope<AppEvent>, state: AppState) => ReadonlyArray<AppCommand>

/**
 * `depth` counts the policy steps that led to an item and `chain` is shared by every item one
 * outside command or effect event set off, so policy loops (long or fanning out) can be cut.
 */
interface CommandItem {
  readonly kind: 'command'
  readonly command: AppCommand
  readonly source: Source
  readonly corr?: string
  readonly depth: number
  readonly chain: Chain
}
type Item =
  | CommandItem
  | {
      readonly kind: 'events'
      readonly events: ReadonlyArray<AppEvent>
      readonly source: Source
      readonly corr: string
      readonly depth: number
      readonly chain: Chain
    }

// An effect that keeps throwing is restarted this many times, then left stopped.
export const MAX_EFFECT_RESTARTS = 5
// Policies that ask for each other's commands in a cycle would freeze the page; a chain of
// policy steps longer than this is cut and recorded as a rejection instead.
export const MAX_POLICY_DEPTH = 32
// The same for policies that fan out: one outside item may set off at most this many commands.
export const MAX_POLICY_COMMANDS = 256

interface Chain {
  policyCommands: number
}
const newChain = (): Chain => ({ policyCommands: 0 })

/** How a redacted query parameter's value starts in events. */
export const QUERY_SECRET_PREFIX = 'redacted-'

// A command is routed to the area named by its type's prefix (`session/SignIn` → session).
const areaKeyOf = (command: AppCommand): string => (command as { type: string }).type.split('/')[0] ?? ''

export function createBus(options: BusOptions): App {
  const { ports } = options
  const clock: Clock = ports.clock
  const ids: IdSource = ports.ids
  const registry = options.areas
  const log = new EventLog(
    new Date(clock.now()).toISOString(),
    options.build ?? buildInfo,
    registry,
    options.maxLogEvents,
  )
  const stateSubject = new BehaviorSubject<AppState>(options.initialState ?? registry.initialState)
  const eventsSubject = new Subject<Envelope<AppEvent>>()
  const subscriptions = new Subscription()
  // A deferred area's policies join when it loads: they react only to its own events, which
  // cannot happen before, so they miss nothing.
  const policiesOf = (): ReadonlyArray<Policy> => [
    ...registry.loaded().flatMap((area) => (area.policies ? [area.policies as Policy] : [])),
    ...(options.policies ?? []),
  ]
  let policies = policiesOf()
  // Commands of a deferred area wait here, in order, while its module loads.
  const waiting = new Map<string, Array<CommandItem & { readonly corr: string }>>()
  const queue: Item[] = []
  let draining = false
  let seq = 0
  let disposed = false
  // What the events being recorded come from, for the rejection of an event its codec refuses.
  let handling = ''

  // Secret URL parameters seen in events, by the reference recorded instead (memory only).
  const querySecrets = new Map<string, string>()
  const querySecretRefs = new Map<string, string>()
  const referTo = (secret: string): string => {
    const known = querySecretRefs.get(secret)
    if (known) return known
    const ref = `${QUERY_SECRET_PREFIX}${querySecretRefs.size + 1}`
    querySecretRefs.set(secret, ref)
    querySecrets.set(ref, secret)
    return ref
  }

  const state$: StateObservable = Object.defineProperty(stateSubject.asObservable(), 'value', {
    get: () => stateSubject.value,
  }) as StateObservable

  function record(
    raw: AppEvent,
    source: Source,
    corr: string,
    depth: number,
    chain: Chain,
    runPolicies = true,
  ): void {
    // A decider or effect bug (or a script's odd command) must not put a line replay refuses
    // into the log: such an event is recorded as the rejection of what caused it.
    const checked = checkEventForLog(raw, registry.eventSpec(raw.type), (e) => redactEventSecrets(e, referTo))
    const event: AppEvent = checked.ok
      ? checked.event
      : CommandRejected({ command: handling, reason: checked.reason })
    const envelope: Envelope<AppEvent> = {
      seq: ++seq,
      at: new Date(clock.now()).toISOString(),
      source,
      corr,
      event,
    }
    log.append(envelope)
    stateSubject.next(registry.evolve(stateSubject.value, event, envelope))
    eventsSubject.next(envelope)
    if (!runPolicies) return
    for (const policy of policies) {
      for (const command of policy(envelope, stateSubject.value)) {
        chain.policyCommands++
        queue.push({ kind: 'command', command, source: 'policy', corr, depth: depth + 1, chain })
      }
    }
  }

  function decide(command: AppCommand): ReadonlyArray<AppEvent> {
    const type = (command as { type: string }).type
    const area = registry.area(areaKeyOf(command))
    if (!area) return [CommandRejected({ command: type, reason: 'no area handles this command' })]
    // The command's fields, decoded by its area's codec before anything decides on them.
    const codecs = area.commands as Readonly<Record<string, Decoder<unknown, unknown>>> | undefined
    if (codecs) {
      const codec = Object.prototype.hasOwnProperty.call(codecs, type) ? codecs[type] : undefined
      if (!codec) return [CommandRejected({ command: type, reason: 'no such command' })]
      const fields = codec.decode(command)
      if (isLeft(fields))
        return [
          CommandRejected({ command: type, reason: PathReporter.report(fields).slice(0, 3).join('; ') }),
        ]
    }
    const meta: CommandMeta = { now: new Date(clock.now()).toISOString(), id: ids.next() }
    try {
      const decideFn = area.decide as (
        c: AppCommand,
        s: AppState,
        m: CommandMeta,
      ) => Either<string, ReadonlyArray<AppEvent>>
      const decided = decideFn(command, stateSubject.value, meta)
      return isLeft(decided) ? [CommandRejected({ command: type, reason: decided.left })] : decided.right
    } catch (error) {
      // A throwing decide is a bug; recording it keeps the session usable and the log explains it.
      return [CommandRejected({ command: type, reason: `decide threw: ${(error as Error).message}` })]
    }
  }

  function drain(): void {
    if (draining) return
    draining = true
    try {
      for (let item = queue.shift(); item; item = queue.shift()) {
        if (disposed) break
        if (item.kind === 'command') {
          handling = (item.command as { type: string }).type
          const corr = item.corr ?? ids.next()
          if (item.depth > MAX_POLICY_DEPTH || item.chain.policyCommands > MAX_POLICY_COMMANDS) {
            const reason =
              item.depth > MAX_POLICY_DEPTH
                ? `policy loop: more than ${MAX_POLICY_DEPTH} policy steps in one chain`
                : `policy loop: more than ${MAX_POLICY_COMMANDS} policy commands from one command or event`
            // The cut ends the chain: no policy reacts to this rejection, so the loop cannot restart.
            record(
              CommandRejected({ command: (item.command as { type: string }).type, reason }),
              item.source,
              corr,
              item.depth,
              item.chain,
              false,
            )
          } else if (registry.waitsFor((item.command as { type: string }).type)) defer({ ...item, corr })
          else
            for (const event of decide(item.command)) record(event, item.source, corr, item.depth, item.chain)
        } else {
          handling = `${item.source} event`
          for (const event of item.events) record(event, item.source, item.corr, item.depth, item.chain)
        }
      }
    } finally {
      draining = false
    }
  }

  /**
   * Queues a command of a deferred area and loads the area once; when it is registered the
   * queued commands are decided in order, as if they had just arrived. A failed load rejects
   * them (recorded, with their correlation ids) and the area's next command tries again.
   */
  function defer(item: CommandItem & { readonly corr: string }): void {
    const deferred = registry.waitsFor((item.command as { type: string }).type)
    if (!deferred) return
    const key = deferred.key
    const queued = waiting.get(key)
    if (queued) {
      queued.push(item)
      return
    }
    waiting.set(key, [item])
    // The waiting commands are settled once: by the area's registration, its failure, or the mount limit.
    let settled = false
    const reject = (reason: string) => {
      if (settled) return
      settled = true
      const items = waiting.get(key) ?? []
      waiting.delete(key)
      if (disposed) return
      for (const it of items)
        queue.push({
          kind: 'events',
          events: [CommandRejected({ command: (it.command as { type: string }).type, reason })],
          source: it.source,
          corr: it.corr,
          depth: it.depth,
          chain: it.chain,
        })
      drain()
    }
    const limit = ports.scheduler.schedule(
      () => reject(`could not load the ${key} area: not mounted within ${MFE_MOUNT_LIMIT_MS} ms`),
      MFE_MOUNT_LIMIT_MS,
    )
    deferred.load().then(
      (area) => {
        limit.unsubscribe()
        if (disposed) return
        // Code that arrives after the limit still registers: the next command runs at once
        // (registering an area already registered changes nothing).
        registry.register(area)
        policies = policiesOf()
        if (settled) return
        settled = true
        const items = waiting.get(key) ?? []
        waiting.delete(key)
        queue.push(...items)
        drain()
      },
      (error: unknown) => {
        limit.unsubscribe()
        reject(`could not load the ${key} area: ${error instanceof Error ? error.message : String(error)}`)
      },
    )
  }

  function enqueue(item: Item): void {
    if (disposed) return
    queue.push(item)
    drain()
  }

  function accept(output: EffectOutput): void {
    if ('command' in output)
      enqueue({
        kind: 'command',
        command: output.command,
        source: 'effect',
        corr: output.cause?.corr ?? ids.next(),
        depth: 0,
        chain: newChain(),
      })
    else if ('cause' in output)
      enqueue({
        kind: 'events',
        events: [output.event],
        source: 'effect',
        corr: output.cause.corr,
        depth: 0,
        chain: newChain(),
      })
    else
      enqueue({
        kind: 'events',
        events: [output],
        source: 'effect',
        corr: ids.next(),
        depth: 0,
        chain: newChain(),
      })
  }

  function start(name: string, restarts: number): void {
    const effect = options.effects[name]
    if (!effect) return
    let output$: Observable<EffectOutput>
    try {
      output$ = effect(eventsSubject.asObservable(), state$, ports)
    } catch (error) {
      accept(EffectFailed({ effect: name, message: (error as Error).message }))
      return
    }
    subscriptions.add(
      output$.subscribe({
        next: accept,
        error: (error: unknown) => {
          accept(
            EffectFailed({ effect: name, message: error instanceof Error ? error.message : String(error) }),
          )
          if (restarts < MAX_EFFECT_RESTARTS) start(name, restarts + 1)
        },
      }),
    )
  }

  if (options.seed && options.seed.length > 0)
    enqueue({
      kind: 'events',
      events: options.seed,
      source: 'script',
      corr: 'seed',
      depth: 0,
      chain: newChain(),
    })
  for (const name of Object.keys(options.effects)) start(name, 0)

  return {
    dispatch(command, source = 'ui') {
      // A script may send anything: what is not a command is recorded as rejected, undecided.
      const decoded = decodeCommand(command)
      if (decoded.ok)
        enqueue({ kind: 'command', command: decoded.command, source, depth: 0, chain: newChain() })
      else
        enqueue({
          kind: 'events',
          events: [CommandRejected({ command: decoded.type, reason: decoded.reason })],
          source,
          corr: ids.next(),
          depth: 0,
          chain: newChain(),
        })
    },
    ask(query) {
      return stateSubject.pipe(
        map((state) => runQuery(state, query)),
        distinctUntilChanged(),
      )
    },
    state$,
    events$: eventsSubject.asObservable(),
    getState: () => stateSubject.value,
    stashSecret: (secret) => ports.secrets.put(secret),
    takeSecret: (ref) => ports.secrets.take(ref),
    stashFile: (file) => ports.files.put(file),
    shown: ports.shown,
    revealQuerySecret: (value) => querySecrets.get(value) ?? value,
    exportLog: () => log.toNdjson(stateSubject.value),
    dispose() {
      disposed = true
      subscriptions.unsubscribe()
      eventsSubject.complete()
      stateSubject.complete()
    },
  }
}
