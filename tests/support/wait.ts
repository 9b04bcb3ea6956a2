/**
 * The one way tests wait, and never for a fixed time:
 * - `timeTo`: moves a `VirtualTimeScheduler` to a point in time, then flushes;
 * - `flush`: lets the answers of fake ports (resolved promises) and the effects that follow
 *   them run, a given number of task turns;
 * - `until`: the first state of an app that satisfies a condition (the app's `state$`);
 * - `poll`: something outside the bus (a child process, a file written through a stream, a
 *   job of the platform), asked again until it satisfies a condition.
 * Time itself is driven, not waited for: a `VirtualTimeScheduler` for the console's timers and
 * the manual clock of `server/clock.ts` for the platform's.
 */
import { filter, firstValueFrom, timeout, type VirtualTimeScheduler } from 'rxjs'
import { vi } from 'vitest'
import type { App } from '../../commands/bus'
import type { AppState } from '../../domain/app'

/** `turns` task turns: each lets every resolved promise and what it starts run. */
export async function flush(turns = 10): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise((resolve) => setTimeout(resolve, 0))
}

/**
 * Virtual time: runs what `scheduler` has due up to `ms` (counted from its start, so calls go
 * forward), then lets the port answers that this started land.
 */
export async function timeTo(scheduler: VirtualTimeScheduler, ms: number): Promise<void> {
  scheduler.maxFrames = ms
  scheduler.flush()
  await flush(5)
}

/** The first state of `app` that satisfies `done` (the current one included). */
export const until = (app: App, done: (state: AppState) => boolean, ms = 20_000): Promise<AppState> =>
  firstValueFrom(app.state$.pipe(filter(done), timeout(ms)))

/**
 * Asks `probe` again until its value satisfies `ok`; a probe that throws (a connection to a
 * process that just restarted, a file not opened yet) is asked again. The error names `what`
 * and, when given, `detail()` (e.g. a child process's output).
 */
export async function poll<T>(
  probe: () => Promise<T>,
  ok: (value: T) => boolean,
  options: { what?: string; timeoutMs?: number; detail?: () => string } = {},
): Promise<T> {
  const what = options.what ?? 'condition'
  return vi.waitFor(
    async () => {
      const value = await probe()
      if (!ok(value)) throw new Error(`${what} not reached${options.detail ? `:\n${options.detail()}` : ''}`)
      return value
    },
    { timeout: options.timeoutMs ?? 20_000, interval: 20 },
  )
}
