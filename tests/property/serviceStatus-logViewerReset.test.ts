/**
 * The log viewer's central rules as spec 001 states them ("Log viewer"), over random sessions
 * of a user's commands and the answers effects record for the current choice:
 * - resetting (leaving the page) clears the lists and restores the product Artifactory,
 *   whatever happened before;
 * - the viewer only accepts a product change once a service change has been flagged, and the
 *   flag is spent by the change it allowed.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { isRight } from 'fp-ts/Either'
import { appSlice, type AppCommand, type AppEvent, type AppState } from '../../domain/app'
import { serviceStatusArea } from '../../domain/serviceStatus/decider'
import * as E from '../../domain/serviceStatus/events'
import { initialLogViewerState } from '../../domain/serviceStatus/initial'
import { evolve, foldEvents, specMeta } from '../support/decider'

const area = appSlice(serviceStatusArea)
const PRODUCTS = ['jfrt', 'jfxr', 'jfmc', 'nope']
const NODES = ['node-1', 'node-2']
const FILES = ['console.log', 'request.log']

type Step =
  | { readonly kind: 'command'; readonly command: AppCommand }
  | { readonly kind: 'answer'; readonly answer: (selection: string) => AppEvent }

const command = (c: fc.Arbitrary<AppCommand>) => c.map((cmd): Step => ({ kind: 'command', command: cmd }))
const answer = (a: fc.Arbitrary<(selection: string) => AppEvent>) =>
  a.map((f): Step => ({ kind: 'answer', answer: f }))

// Weighted towards what the rules are about: nodes arriving, flags and product choices.
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 1, arbitrary: command(fc.constant({ type: 'serviceStatus/OpenLogViewer' } as AppCommand)) },
  {
    weight: 2,
    arbitrary: command(fc.constant({ type: 'serviceStatus/FlagLogServiceChange' } as AppCommand)),
  },
  {
    weight: 4,
    arbitrary: command(
      fc
        .constantFrom(...PRODUCTS)
        .map((product) => ({ type: 'serviceStatus/ChooseLogProduct', product }) as AppCommand),
    ),
  },
  {
    weight: 1,
    arbitrary: command(
      fc
        .constantFrom(...NODES)
        .map((nodeId) => ({ type: 'serviceStatus/ChooseLogNode', nodeId }) as AppCommand),
    ),
  },
  {
    weight: 1,
    arbitrary: command(
      fc.constantFrom(...FILES).map((file) => ({ type: 'serviceStatus/ChooseLogFile', file }) as AppCommand),
    ),
  },
  {
    weight: 1,
    arbitrary: command(
      fc
        .constantFrom('serviceStatus/PauseLog', 'serviceStatus/ResumeLog', 'serviceStatus/RefreshLogNow')
        .map((type) => ({ type }) as AppCommand),
    ),
  },
  {
    weight: 1,
    arbitrary: command(
      fc.boolean().map((visible) => ({ type: 'serviceStatus/SetLogVisibility', visible }) as AppCommand),
    ),
  },
  {
    weight: 3,
    arbitrary: answer(
      fc
        .array(fc.record({ product: fc.constantFrom(...PRODUCTS), nodeId: fc.constantFrom(...NODES) }), {
          minLength: 1,
          maxLength: 4,
        })
        .map((nodes) => (selection: string) => E.LogNodesLoaded({ selection, nodes }) as AppEvent),
    ),
  },
  {
    weight: 2,
    arbitrary: answer(
      fc
        .subarray(FILES)
        .map(
          (files) => (selection: string) =>
            E.LogFilesLoaded({ selection, files, refreshRateSecs: 5 }) as AppEvent,
        ),
    ),
  },
  {
    weight: 2,
    arbitrary: answer(
      fc.string({ maxLength: 20 }).map(
        (content) => (selection: string) =>
          E.LogChunkReceived({
            selection,
            from: 0,
            content,
            fileSize: content.length,
            lastUpdate: specMeta.now,
          }) as AppEvent,
      ),
    ),
  },
)

const open: Step = { kind: 'command', command: { type: 'serviceStatus/OpenLogViewer' } as AppCommand }

/** Runs the steps: commands through the decider (refusals change nothing), answers for the current choice. */
function run(
  steps: ReadonlyArray<Step>,
  each?: (before: AppState, step: Step, after: AppState, accepted: boolean) => void,
) {
  let state = foldEvents([])
  let n = 0
  for (const step of steps) {
    const before = state
    let accepted = true
    if (step.kind === 'command') {
      const decided = area.decide(step.command as never, state, { ...specMeta, id: `c-${n++}` })
      accepted = isRight(decided)
      if (isRight(decided)) for (const e of decided.right) state = evolve(state, e as AppEvent)
    } else state = evolve(state, step.answer(state.serviceStatus.logViewer.selection))
    each?.(before, step, state, accepted)
  }
  return state
}

describe('the log viewer (spec 001), over random sessions', () => {
  it('resetting clears the lists and restores the product Artifactory, whatever happened before', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 25 }), (steps) => {
        const opened = run([
          { kind: 'command', command: { type: 'serviceStatus/OpenLogViewer' } as AppCommand },
          ...steps,
        ])
        const closed = area.decide({ type: 'serviceStatus/CloseLogViewer' } as never, opened, specMeta)
        expect(isRight(closed)).toBe(true)
        const after = isRight(closed)
          ? closed.right.reduce((s, e) => evolve(s, e as AppEvent), opened)
          : opened
        const viewer = after.serviceStatus.logViewer
        expect(viewer).toEqual(initialLogViewerState)
        expect(viewer.product).toBe('jfrt')
        expect(viewer.nodes).toEqual({ status: 'idle' })
        expect(viewer.files).toEqual({ status: 'idle' })
        expect(viewer.tail.lines).toEqual([])
      }),
      { numRuns: 200 },
    )
  })

  it('a product changes only after a flagged service change, which the change spends', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 30 }), (steps) => {
        run([open, ...steps], (before, step, after, accepted) => {
          const was = before.serviceStatus.logViewer
          const now = after.serviceStatus.logViewer
          if (step.kind !== 'command' || step.command.type !== 'serviceStatus/ChooseLogProduct') return
          if (now.product !== was.product) {
            expect(accepted).toBe(true)
            expect(was.serviceChanged).toBe(true)
            expect(now.serviceChanged).toBeUndefined()
          }
          if (
            was.open &&
            was.serviceChanged !== true &&
            (step.command as { product: string }).product !== was.product
          )
            expect(accepted).toBe(false)
        })
      }),
      { numRuns: 200 },
    )
  })
})
