import { left } from 'fp-ts/Either'
import { concatMap, distinctUntilChanged, EMPTY, from, groupBy, map, mergeMap, switchMap, timer } from 'rxjs'
import { ChangeFailed, Changed, LoadFailed, Loaded, Requested } from '../../domain/xray/events'
import {
  ADVISORIES_PATH,
  REPORTS_PATH,
  REPORT_POLL_MS,
  changeSubject,
  isReportUnfinished,
  isRescanUnfinished,
} from '../../domain/xray/rules'
import type { XrayAsk, XrayChange } from '../../domain/xray/types'
import { PASSWORD_LOST } from '../../domain/shared/failure'
import type { Ports, Result } from '../../adapters/ports'
import { ofType, request } from './operators'
import type { Effect, EffectTable } from './types'

/** Each list loads on its own: a newer ask for a list supersedes the older one, not the others. */
const load: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('xray/Requested'),
    groupBy((env) => env.event.data.ask.what),
    mergeMap((asks) =>
      asks.pipe(
        switchMap((env) => {
          const { requestId, ask } = env.event.data
          return request(env, () => ports.xrayApi.load(ask), {
            done: (answer) => Loaded({ requestId, answer }),
            failed: (failure) => LoadFailed({ requestId, what: ask.what, failure }),
          })
        }),
      ),
    ),
  )

/** An import whose file is no longer in the stash (a reload since it was chosen). */
const FILE_LOST = { kind: 'aborted', message: 'the chosen file is gone; choose it again' } as const

/**
 * A change as it goes to the platform: a new webhook leaves the vault only here (the event holds
 * its reference); one no longer there (taken already) fails the save, so nothing is sent without it.
 * A file to import leaves the file stash here, the same way.
 */
const sendChange = async (ports: Ports, c: XrayChange): Promise<Result<void>> => {
  if (c.kind === 'importAdvisoryFile') {
    const file = ports.files.take(c.fileRef)
    return file === undefined ? left(FILE_LOST) : ports.xrayApi.change(c, undefined, file)
  }
  if (c.kind !== 'saveSettings' || c.settings.webhook?.kind !== 'set') return ports.xrayApi.change(c)
  const url = ports.secrets.take(c.settings.webhook.ref)
  if (url === undefined) return left({ kind: 'network', code: PASSWORD_LOST, message: '' })
  return ports.xrayApi.change(c, url)
}

/** Changes are sent one after another, in the order they were asked. */
const change: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('xray/ChangeRequested'),
    concatMap((env) => {
      const { requestId, change: c } = env.event.data
      return request(env, () => sendChange(ports, c), {
        done: () => Changed({ requestId, kind: c.kind, subject: changeSubject(c) }),
        failed: (failure) => ChangeFailed({ requestId, failure }),
      })
    }),
  )

/**
 * While the Reports screen shows a report the platform is still making, its list (and the report
 * open below it) are asked again after a pause: the progress moves, and a finished report's rows
 * and exports appear without a click.
 */
const followReports: Effect = (_events$, state$, ports) =>
  state$.pipe(
    map((state): ReadonlyArray<XrayAsk> => {
      const x = state.xray
      if (state.navigation.location.path !== REPORTS_PATH) return []
      const asks: XrayAsk[] = []
      if (x.reports.status === 'loaded' && x.reports.data.some(isReportUnfinished) && x.reports.ask)
        asks.push(x.reports.ask)
      if (x.report.status === 'loaded' && isReportUnfinished(x.report.data.report) && x.report.ask)
        asks.push(x.report.ask)
      return asks
    }),
    distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
    switchMap((asks) =>
      asks.length === 0
        ? EMPTY
        : timer(REPORT_POLL_MS, ports.scheduler).pipe(
            mergeMap(() => from(asks.map((ask) => Requested({ requestId: ports.ids.next(), ask })))),
          ),
    ),
  )

/**
 * While the Advisory Database page shows an import whose rescan is waiting or running, the
 * database is asked again after a pause: the rescan's progress moves, and its end (done, or
 * failed with Retry) shows without a click.
 */
const followRescans: Effect = (_events$, state$, ports) =>
  state$.pipe(
    map((state): XrayAsk | undefined => {
      const db = state.xray.database
      if (state.navigation.location.path !== ADVISORIES_PATH || db.status !== 'loaded') return undefined
      return db.data.imports.some(isRescanUnfinished) ? db.ask : undefined
    }),
    distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
    switchMap((ask) =>
      ask === undefined
        ? EMPTY
        : timer(REPORT_POLL_MS, ports.scheduler).pipe(
            map(() => Requested({ requestId: ports.ids.next(), ask })),
          ),
    ),
  )

// Effects of the xray area: each calls a port and turns the answer into an event.
export const xrayEffects: EffectTable = { load, change, followReports, followRescans }
