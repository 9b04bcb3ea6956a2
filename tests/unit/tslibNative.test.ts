/**
 * The native tslib helpers the browser build gives rxjs (scripts/tslibNative.js): what
 * TypeScript's ES2015 output of `async` functions, `for await` and async generators expects.
 */
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain JavaScript module without types
import { __asyncGenerator, __asyncValues, __await, __awaiter } from '../../scripts/tslibNative.js'

type Gen = Generator<unknown, unknown, unknown>

describe('native tslib helpers', () => {
  it('__awaiter resolves with the body result, awaiting what it yields', async () => {
    const result = __awaiter(null, [], undefined, function* (): Gen {
      const a = yield Promise.resolve(2)
      const b = yield 3
      return (a as number) * (b as number)
    })
    await expect(result).resolves.toBe(6)
  })

  it('__awaiter rejects when the body throws, and lets the body catch a rejection', async () => {
    const caught = __awaiter(null, [], undefined, function* (): Gen {
      try {
        yield Promise.reject(new Error('no'))
      } catch (e) {
        return (e as Error).message
      }
      return 'missed'
    })
    await expect(caught).resolves.toBe('no')
    const thrown = __awaiter(null, [], undefined, function* (): Gen {
      yield 1
      throw new Error('boom')
    })
    await expect(thrown).rejects.toThrow('boom')
  })

  it('__asyncValues iterates sync and async iterables', async () => {
    const seen: unknown[] = []
    const sync = __asyncValues([1, Promise.resolve(2)])
    for (let r = await sync.next(); !r.done; r = await sync.next()) seen.push(r.value)
    async function* source() {
      yield 3
    }
    const asyncIt = __asyncValues(source())
    for (let r = await asyncIt.next(); !r.done; r = await asyncIt.next()) seen.push(r.value)
    expect(seen).toEqual([1, 2, 3])
  })

  it('__asyncGenerator yields, awaits, and runs the body finally when the consumer stops', async () => {
    let released = false
    const gen = __asyncGenerator(null, [], function* (): Generator<unknown, void, unknown> {
      try {
        const first = yield __await(Promise.resolve('a'))
        yield yield __await(first)
        yield yield __await(Promise.resolve('b'))
        yield yield __await('c')
      } finally {
        released = true
      }
    })
    expect(await gen.next()).toEqual({ value: 'a', done: false })
    expect(await gen.next()).toEqual({ value: 'b', done: false })
    await gen.return(undefined)
    expect(released).toBe(true)
  })
})
