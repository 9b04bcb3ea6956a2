// The operators every effect is written with: ofType, settle, request (answer, failure, attempts),
// requests (a request event's effect, with a refusal before the call).
import { describe, expect, it } from 'vitest'
import { firstValueFrom, from, lastValueFrom, Subject, toArray } from 'rxjs'
import { left, right } from 'fp-ts/Either'
import type { AppEvent } from '../../domain/app'
import type { Envelope } from '../../domain/shared/area'
import type { Failure } from '../../domain/shared/failure'
import * as S from '../../domain/session/events'
import { ofType, portCall, request, requests, settle } from '../../commands/effects/operators'
import type { StateObservable } from '../../commands/effects/types'
import type { Result } from '../../adapters/ports'
import { fakePorts } from '../support/fakePorts'

const envelope = (event: AppEvent, seq = 1): Envelope<AppEvent> => ({
  seq,
  at: '2026-01-01T00:00:00.000Z',
  source: 'ui',
  corr: `c-${seq}`,
  event,
})
const down: Failure = { kind: 'status', status: 503, message: 'down' }
const gone: Failure = { kind: 'status', status: 404, message: 'gone' }
const cause = envelope(S.LoginDialogDismissed({}))

describe('ofType', () => {
  it('lets through only the named types, in order', async () => {
    const events = [
      envelope(S.LoginDialogDismissed({}), 1),
      envelope(S.SignOutRequested({ reason: 'logout', providerLogout: null }), 2),
      envelope(S.SignedOut({ reason: 'logout' }), 3),
    ]
    const seen = await lastValueFrom(
      from(events).pipe(ofType('session/SignedOut', 'session/LoginDialogDismissed'), toArray()),
    )
    expect(seen.map((e) => e.seq)).toEqual([1, 3])
  })
})

describe('settle', () => {
  it('turns a throw into a network failure and keeps answers as they are', async () => {
    expect(await settle(() => Promise.reject(new Error('boom')))).toEqual(
      left({ kind: 'network', message: 'boom' }),
    )
    expect(await settle(() => Promise.resolve(right(1)))).toEqual(right(1))
  })
})

describe('request', () => {
  const outcome = {
    done: (n: number) => S.SamlLogoutUrlLoaded({ logoutUrl: String(n) }),
    failed: (f: Failure) => S.LoginDataFailed({ failure: f }),
  }
  const answers = (...results: Array<Result<number>>) => {
    let calls = 0
    return {
      call: () => Promise.resolve(results[Math.min(calls++, results.length - 1)]!),
      calls: () => calls,
    }
  }

  it('records the answer, caused by the request (same correlation id)', async () => {
    const port = answers(right(7))
    const out = await lastValueFrom(request(cause, port.call, outcome).pipe(toArray()))
    expect(out).toEqual([{ cause, event: S.SamlLogoutUrlLoaded({ logoutUrl: '7' }) }])
  })

  it('records a failure once by default; a throw is a network failure', async () => {
    const port = answers(left(down), right(1))
    expect(await firstValueFrom(request(cause, port.call, outcome))).toEqual({
      cause,
      event: S.LoginDataFailed({ failure: down }),
    })
    expect(port.calls()).toBe(1)
    const thrown = await firstValueFrom(request(cause, () => Promise.reject(new Error('x')), outcome))
    expect(thrown).toEqual({
      cause,
      event: S.LoginDataFailed({ failure: { kind: 'network', message: 'x' } }),
    })
  })

  it('asks again only for failures `again` accepts, at most `attempts` times in all', async () => {
    const policy = { ...outcome, attempts: 3, again: (f: Failure) => f.status !== 404 }
    const flaky = answers(left(down), left(down), right(2))
    expect(await firstValueFrom(request(cause, flaky.call, policy))).toMatchObject({
      event: S.SamlLogoutUrlLoaded({ logoutUrl: '2' }),
    })
    expect(flaky.calls()).toBe(3)
    const broken = answers(left(down))
    expect(await firstValueFrom(request(cause, broken.call, policy))).toMatchObject({
      event: S.LoginDataFailed({ failure: down }),
    })
    expect(broken.calls()).toBe(3)
    const missing = answers(left(gone), right(3))
    expect(await firstValueFrom(request(cause, missing.call, policy))).toMatchObject({
      event: S.LoginDataFailed({ failure: gone }),
    })
    expect(missing.calls()).toBe(1)
  })

  it('unsubscribing stops further attempts', async () => {
    const pending = new Subject<void>()
    let calls = 0
    const call = async (): Promise<Result<number>> => {
      calls += 1
      await firstValueFrom(pending)
      return left(down)
    }
    const sub = request(cause, call, { ...outcome, attempts: 3, again: () => true }).subscribe()
    sub.unsubscribe()
    pending.next()
    // Let every promise the first attempt chained settle (no timer involved).
    for (let i = 0; i < 20; i++) await Promise.resolve()
    expect(calls).toBe(1)
  })

  it('unsubscribing aborts the call through its signal and drops its answer', async () => {
    const pending = new Subject<void>()
    const given: { signal?: AbortSignal } = {}
    const call = async (signal: AbortSignal): Promise<Result<number>> => {
      given.signal = signal
      await firstValueFrom(pending)
      return right(1)
    }
    const seen: unknown[] = []
    const sub = request(cause, call, outcome).subscribe((out) => seen.push(out))
    expect(given.signal?.aborted).toBe(false)
    sub.unsubscribe()
    expect(given.signal?.aborted).toBe(true)
    pending.next()
    for (let i = 0; i < 20; i++) await Promise.resolve()
    expect(seen).toEqual([])
  })

  it('records nothing for a failure `failed` maps to no events (an abort)', async () => {
    const aborted: Failure = { kind: 'aborted', message: 'aborted' }
    const out = await lastValueFrom(
      request(cause, () => Promise.resolve(left(aborted)), {
        ...outcome,
        failed: (f) => (f.kind === 'aborted' ? [] : S.LoginDataFailed({ failure: f })),
      }).pipe(toArray()),
    )
    expect(out).toEqual([])
  })

  it('a call that throws before it returns a promise is a network failure too', async () => {
    const out = await firstValueFrom(
      request(
        cause,
        () => {
          throw new Error('sync')
        },
        outcome,
      ),
    )
    expect(out).toEqual({
      cause,
      event: S.LoginDataFailed({ failure: { kind: 'network', message: 'sync' } }),
    })
  })
})

describe('requests', () => {
  const asking = (user: string, seq: number) =>
    envelope(
      S.SignInRequested({ user, passwordRef: `ref-${user}`, rememberMe: false, redirectTo: null }),
      seq,
    )
  const signIn = (call: (user: string) => Promise<Result<string>>, refuse?: string) =>
    requests(
      'session/SignInRequested',
      (e) => {
        if (e.data.user === refuse) return { kind: 'aborted', message: '', secretGone: 'password' }
        if (e.data.user === 'bug') throw new Error('bug')
        return portCall(
          () => call(e.data.user),
          (logoutUrl) => S.SamlLogoutUrlLoaded({ logoutUrl }),
        )
      },
      (failure, e) => S.SignInFailed({ user: e.data.user, failure }),
    )
  const run = (effect: ReturnType<typeof signIn>, events: ReadonlyArray<Envelope<AppEvent>>) =>
    lastValueFrom(effect(from(events), {} as StateObservable, fakePorts()).pipe(toArray()))

  it('records each answer caused by its own event, calls side by side', async () => {
    let release!: () => void
    const slow = new Promise<void>((resolve) => (release = resolve))
    const calls: string[] = []
    const call = async (user: string) => {
      calls.push(user)
      if (user === 'ann') await slow
      return right(`/out/${user}`)
    }
    const [ann, bob] = [asking('ann', 1), asking('bob', 2)]
    const out = run(signIn(call), [ann, bob])
    await Promise.resolve()
    expect(calls).toEqual(['ann', 'bob'])
    release()
    expect(await out).toEqual([
      { cause: bob, event: S.SamlLogoutUrlLoaded({ logoutUrl: '/out/bob' }) },
      { cause: ann, event: S.SamlLogoutUrlLoaded({ logoutUrl: '/out/ann' }) },
    ])
  })

  it('a refusal is recorded as a failure, without a call; a throw in asking too', async () => {
    const calls: string[] = []
    const call = (user: string) => {
      calls.push(user)
      return Promise.resolve(left<Failure, string>(down))
    }
    const [ann, bob, bug] = [asking('ann', 1), asking('bob', 2), asking('bug', 3)]
    const out = await run(signIn(call, 'ann'), [ann, bob, bug])
    expect(calls).toEqual(['bob'])
    expect(out).toEqual([
      {
        cause: ann,
        event: S.SignInFailed({
          user: 'ann',
          failure: { kind: 'aborted', message: '', secretGone: 'password' },
        }),
      },
      { cause: bob, event: S.SignInFailed({ user: 'bob', failure: down }) },
      { cause: bug, event: S.SignInFailed({ user: 'bug', failure: { kind: 'network', message: 'bug' } }) },
    ])
  })
})
