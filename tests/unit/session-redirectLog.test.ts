/**
 * `session/RedirectedAfterLogin` v2 decodes its path as a `SafeInternalPath`.
 * Logs recorded before (v1, a plain string) keep replaying: a kept log of an earlier build replays
 * strictly to its trailer's hash, and a v1 line whose path the rule refuses (the base stripped
 * from `/ui//x` left `//x`) reads as the root instead of stopping the replay.
 */
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { replayLog } from '../../domain/log'
import type { AppEvent } from '../../domain/app'
import { RedirectedAfterLogin } from '../../domain/session/events'

const old = readFileSync(
  join(import.meta.dirname, '../fixtures/logs/developerBrowsesPackages.ndjson'),
  'utf8',
)
const V1_LINE = /"type":"session\/RedirectedAfterLogin","v":1,"data":\{"target":"landing","path":""\}/

function redirects(text: string) {
  const seen: AppEvent[] = []
  const result = replayLog(text, { onEvent: (e) => void seen.push(e.event) })
  return { result, seen: seen.filter((e) => e.type === RedirectedAfterLogin.type).map((e) => e.data) }
}

describe('a log recorded before the redirect path was branded replays', () => {
  it('holds a v1 redirect (it was recorded by an earlier build)', () => {
    expect(RedirectedAfterLogin.v).toBe(2)
    expect(old).toMatch(V1_LINE)
  })

  it('strictly, to the hash its trailer recorded', () => {
    const { result, seen } = redirects(old)
    expect(result.errors).toEqual([])
    expect(result.hashMatches).toBe(true)
    expect(seen).toEqual([{ target: 'landing', path: '' }])
  })

  it('reads a v1 path the rule refuses as the root, and keeps a safe one', () => {
    const line = (target: string, path: string) =>
      `"type":"session/RedirectedAfterLogin","v":1,"data":{"target":"${target}","path":"${path}"}`
    const unsafe = redirects(old.replace(V1_LINE, line('saved', '//evil.example')))
    expect(unsafe.result.errors).toEqual([])
    expect(unsafe.seen).toEqual([{ target: 'saved', path: '/' }])
    const safe = redirects(old.replace(V1_LINE, line('internal', '/packages?q=x')))
    expect(safe.result.errors).toEqual([])
    expect(safe.seen).toEqual([{ target: 'internal', path: '/packages?q=x' }])
  })

  it('refuses a v2 line whose path the rule refuses', () => {
    const v2 = old.replace(
      V1_LINE,
      '"type":"session/RedirectedAfterLogin","v":2,"data":{"target":"saved","path":"//evil.example"}',
    )
    expect(redirects(v2).result.errors).not.toEqual([])
  })
})
