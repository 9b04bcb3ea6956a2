// app.settled(): resolves only when no call to the platform waits for its answer, including a
// call that an answer set off.
import { describe, expect, it } from 'vitest'
import { trackPortCalls } from '../../commands/portCalls'
import type { Ports } from '../../adapters/ports'

describe('settled', () => {
  it('waits for a call in flight and for the call its answer sets off', async () => {
    const answers: Array<(v: string) => void> = []
    const platformApi = { call: () => new Promise<string>((resolve) => answers.push(resolve)) }
    const { ports, settled } = trackPortCalls({ platformApi } as unknown as Ports)
    const api = (ports as unknown as { platformApi: typeof platformApi }).platformApi
    const steps: string[] = []
    void api
      .call()
      .then(() => {
        steps.push('first answered')
        return api.call()
      })
      .then(() => steps.push('second answered'))
    const done = settled().then(() => steps.push('settled'))
    answers[0]!('one')
    await expect.poll(() => answers.length).toBe(2)
    answers[1]!('two')
    await done
    expect(steps).toEqual(['first answered', 'second answered', 'settled'])
  })

  it('waits for an API the ports answer without listing it (the tests’ fakes)', async () => {
    const answers: Array<() => void> = []
    const xrayApi = { call: () => new Promise<void>((resolve) => answers.push(resolve)) }
    const unlisted = new Proxy({} as Ports, {
      get: (_target, key) => (key === 'xrayApi' ? xrayApi : undefined),
    })
    const { ports, settled } = trackPortCalls(unlisted)
    const api = (ports as unknown as { xrayApi: typeof xrayApi }).xrayApi
    expect(api).toBe((ports as unknown as { xrayApi: typeof xrayApi }).xrayApi)
    void api.call()
    let done = false
    const waiting = settled().then(() => (done = true))
    await expect.poll(() => answers.length).toBe(1)
    expect(done).toBe(false)
    answers[0]!()
    await waiting
    expect(done).toBe(true)
  })

  it('resolves at once when nothing was asked', async () => {
    const { settled } = trackPortCalls({} as unknown as Ports)
    await expect(settled()).resolves.toBeUndefined()
  })
})
