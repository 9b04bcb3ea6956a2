import { describe, expect, it } from 'vitest'
import { Observable, filter, map, throwError } from 'rxjs'
import { createApp } from '../../composition/createApp'
import { MAX_POLICY_COMMANDS, MAX_POLICY_DEPTH } from '../../commands/bus'
import type { AppCommand } from '../../domain/app'
import { replayLog } from '../../domain/log'
import { fakePorts } from '../support/fakePorts'
import { asked } from '../../commands/effects/types'

// A command no area handles, as a script might send by mistake.
const unknownCommand = { type: 'nowhere/DoThing' } as unknown as AppCommand
// A toast's words, as an area would ask for them.
const one = { key: 'saved', subject: 'proxy', name: 'one' } as const

describe('bus', () => {
  it('records a rejection with its reason instead of failing silently', () => {
    const app = createApp({ ports: fakePorts(), effects: {} })
    const seen: string[] = []
    app.events$.subscribe((e) => seen.push(`${e.seq}:${e.event.type}:${e.source}`))
    app.dispatch(unknownCommand, 'script')
    expect(seen).toEqual(['1:bus/CommandRejected:script'])
    expect(app.getState().bus.rejected).toBe(1)
    const lines = app
      .exportLog()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(lines[0]).toMatchObject({ kind: 'header', format: 1 })
    expect(lines[1]).toMatchObject({
      kind: 'event',
      seq: 1,
      type: 'bus/CommandRejected',
      v: 1,
      data: { command: 'nowhere/DoThing', reason: 'no area handles this command' },
    })
    expect(lines[2]).toMatchObject({ kind: 'trailer', lastSeq: 1 })
  })

  it('emits state$ before events$, so effects see the new state', () => {
    const app = createApp({ ports: fakePorts(), effects: {} })
    const order: string[] = []
    app.state$.subscribe((s) => order.push(`state:${s.bus.rejected}`))
    app.events$.subscribe((e) => order.push(`event:${e.seq}`))
    app.dispatch(unknownCommand)
    expect(order).toEqual(['state:0', 'state:1', 'event:1'])
  })

  it('handles commands dispatched during handling after the current one (no re-entrancy)', () => {
    const app = createApp({ ports: fakePorts(), effects: {} })
    const order: number[] = []
    let nested = false
    app.events$.subscribe((e) => {
      order.push(e.seq)
      if (!nested) {
        nested = true
        app.dispatch(unknownCommand)
        // The nested command has not been handled yet: we are still inside seq 1.
        expect(app.getState().bus.rejected).toBe(1)
      }
    })
    app.dispatch(unknownCommand)
    expect(order).toEqual([1, 2])
  })

  it('records an effect that errors as bus/EffectFailed, restarts it a bounded number of times', () => {
    let starts = 0
    const app = createApp({
      ports: fakePorts(),
      effects: {
        broken: (events$) => {
          starts++
          return events$.pipe(
            filter((e) => e.event.type === 'bus/CommandRejected'),
            map(() => {
              throw new Error('boom')
            }),
          )
        },
        brokenAtOnce: () => throwError(() => new Error('at once')),
      },
    })
    app.dispatch(unknownCommand)
    const state = app.getState()
    expect(starts).toBe(2)
    // 'at once' fails 6 times (start + 5 restarts); 'broken' once after the rejection.
    expect(state.bus.effectFailures).toBe(7)
    const replayed = replayLog(app.exportLog())
    expect(replayed.errors).toEqual([])
    expect(replayed.hashMatches).toBe(true)
    expect(replayed.state).toEqual(state)
  })

  it('keeps correlation ids from the event an effect answered', () => {
    const app = createApp({
      ports: fakePorts(),
      effects: {
        echo: (events$) =>
          new Observable((sub) =>
            events$.subscribe((e) => {
              if (e.event.type === 'bus/CommandRejected' && e.event.data.command === 'nowhere/DoThing')
                sub.next({
                  cause: e,
                  event: { type: 'bus/EffectFailed', data: { effect: 'echo', message: 'x' } },
                })
            }),
          ),
      },
    })
    const corrs: string[] = []
    app.events$.subscribe((e) => corrs.push(e.corr))
    app.dispatch(unknownCommand)
    expect(corrs).toHaveLength(2)
    expect(corrs[1]).toBe(corrs[0])
  })

  it('decides a command an effect sends, under the correlation id of its cause, from the effect', () => {
    const app = createApp({
      ports: fakePorts(),
      effects: {
        ask: (events$) =>
          events$.pipe(
            filter(
              (e) => e.event.type === 'bus/CommandRejected' && e.event.data.command === 'nowhere/DoThing',
            ),
            map((cause) => asked(cause, { type: 'notifications/Show', kind: 'info', message: one })),
          ),
      },
    })
    const seen: Array<{ corr: string; source: string; type: string; command?: string }> = []
    app.events$.subscribe((e) =>
      seen.push({
        corr: e.corr,
        source: e.source,
        type: e.event.type,
        ...(e.event.type === 'bus/CommandRejected' ? { command: e.event.data.command } : {}),
      }),
    )
    app.dispatch(unknownCommand)
    // The sent command was decided by its area, which made the event.
    expect(seen.map((e) => e.command ?? e.type)).toEqual(['nowhere/DoThing', 'notifications/Shown'])
    expect(seen[1]).toMatchObject({ corr: seen[0]!.corr, source: 'effect' })
  })

  it('bounds the log and folds the oldest events into a snapshot that replays to the same state', () => {
    const app = createApp({ ports: fakePorts(), effects: {}, maxLogEvents: 10 })
    for (let i = 0; i < 25; i++) app.dispatch(unknownCommand)
    const lines = app.exportLog().trim().split('\n')
    expect(lines.filter((l) => l.includes('"kind":"event"'))).toHaveLength(10)
    expect(lines[1]).toContain('"kind":"snapshot"')
    const replayed = replayLog(app.exportLog())
    expect(replayed.hashMatches).toBe(true)
    expect(replayed.state.bus.rejected).toBe(25)
  })

  it('replay reports bad lines by number and a hash mismatch', () => {
    const app = createApp({ ports: fakePorts(), effects: {} })
    app.dispatch(unknownCommand)
    const lines = app.exportLog().trim().split('\n')
    const tampered = [
      lines[0],
      '{not json',
      lines[1],
      JSON.stringify({
        kind: 'event',
        seq: 9,
        at: 'x',
        source: 'ui',
        corr: 'c',
        type: 'nope/Nothing',
        v: 1,
        data: {},
      }),
      lines[2],
    ].join('\n')
    const result = replayLog(tampered)
    expect(result.errors.map((e) => e.line)).toEqual([2, 4])
    expect(result.errors[1]!.message).toContain('unknown event type')
    expect(result.hashMatches).toBe(true)
    const wrongHash = lines.slice(0, 1).concat(lines[2]!).join('\n')
    expect(replayLog(wrongHash).hashMatches).toBe(false)
  })

  it('cuts a policy loop after MAX_POLICY_DEPTH steps and records why, instead of freezing', () => {
    const again = { type: 'loop/Again' } as unknown as AppCommand
    const app = createApp({
      ports: fakePorts(),
      effects: {},
      // Asks for the same (rejected) command whenever it is rejected: a cycle.
      policies: [
        (e) =>
          e.event.type === 'bus/CommandRejected' && e.event.data.command === 'loop/Again' ? [again] : [],
      ],
    })
    app.dispatch(again)
    const lines = app
      .exportLog()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { data?: { reason?: string } })
    const events = lines.filter((l) => 'data' in l)
    expect(events).toHaveLength(MAX_POLICY_DEPTH + 2)
    expect(events.at(-1)!.data!.reason).toMatch(/policy loop/)
    // The bus is still usable afterwards.
    app.dispatch(unknownCommand)
    expect(app.getState().bus.rejected).toBe(MAX_POLICY_DEPTH + 3)
  })

  it('cuts a policy loop that fans out (each step asking for two commands) before it floods the log', () => {
    const fan = { type: 'loop/Fan' } as unknown as AppCommand
    const app = createApp({
      ports: fakePorts(),
      effects: {},
      policies: [
        (e) =>
          e.event.type === 'bus/CommandRejected' && e.event.data.command === 'loop/Fan' ? [fan, fan] : [],
      ],
    })
    app.dispatch(fan)
    const rejected = app.getState().bus.rejected
    // Bounded by the per-chain budget, not 2^32.
    expect(rejected).toBeGreaterThan(MAX_POLICY_COMMANDS)
    expect(rejected).toBeLessThanOrEqual(3 * MAX_POLICY_COMMANDS)
    expect(app.exportLog()).toContain(`more than ${MAX_POLICY_COMMANDS} policy commands`)
  })
})
