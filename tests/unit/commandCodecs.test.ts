/**
 * Every command is decoded at the boundary by its area's codec (domain/<area>/commandCodecs.gen.ts,
 * written by `npm run codecs` from the command types): a partial or odd payload is rejected
 * with the decode error and never reaches a decider.
 */
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../composition/createApp'
import { createBrowserApp } from '../../commands/browserApp'
import { areaManifests } from '../../ui/areas'
import { eagerAreas } from '../../domain/app'
import type { AppCommand } from '../../domain/app'
import { fakePorts } from '../support/fakePorts'
import { flush } from '../support/wait'

const rejections = (log: string) =>
  log
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { type?: string; data?: { command: string; reason: string } })
    .filter((l) => l.type === 'bus/CommandRejected')
    .map((l) => l.data)

describe('command codecs', () => {
  it('are what the command types say (npm run codecs writes them)', () => {
    expect(() =>
      execFileSync('npx', ['tsx', 'scripts/commandCodecs.ts', '--check'], { stdio: 'pipe' }),
    ).not.toThrow()
  }, 180_000)

  it('exist for every area that has commands', () => {
    const without = eagerAreas
      .loaded()
      .filter((area) => area.key !== 'bus' && area.commands === undefined)
      .map((area) => area.key)
    expect(without).toEqual([])
  })

  it('reject a partial payload with the decode error, before the decider sees it', () => {
    const app = createApp({ ports: fakePorts() })
    app.dispatch({ type: 'session/SignIn', user: 'admin' } as unknown as AppCommand)
    app.dispatch({ type: 'session/Bogus' } as unknown as AppCommand)
    app.dispatch({ type: 'navigation/Navigate', to: 42 } as unknown as AppCommand)
    const rejected = rejections(app.exportLog())
    expect(rejected).toHaveLength(3)
    expect(rejected[0]).toMatchObject({ command: 'session/SignIn' })
    expect(rejected[0]?.reason).toMatch(/passwordRef/)
    expect(rejected[1]).toEqual({ command: 'session/Bogus', reason: 'no such command' })
    expect(rejected[2]?.reason).toMatch(/to/)
    expect(app.getState().session.status).not.toBe('signingIn')
    app.dispose()
  })

  it('decode a deferred area’s command once its code has loaded (browser)', async () => {
    const app = createBrowserApp(fakePorts(), areaManifests)
    app.dispatch({ type: 'packages/OpenPackage' } as unknown as AppCommand)
    app.dispatch({ type: 'packages/OpenPackage', packageId: 'npm://react' })
    for (let i = 0; i < 5 && rejections(app.exportLog()).length === 0; i++) await flush(1)
    await flush(1)
    const rejected = rejections(app.exportLog())
    expect(rejected).toHaveLength(1)
    expect(rejected[0]?.reason).toMatch(/packageId/)
    // The whole command was decided: the area recorded its own event for it.
    const types = app
      .exportLog()
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { type?: string }).type)
    expect(types.some((type) => type?.startsWith('packages/'))).toBe(true)
    app.dispose()
  })
})
