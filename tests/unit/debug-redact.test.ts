/**
 * An exported log can leave out personal data and server log contents,
 * and the redacted log still replays, to the state with the same substitutions.
 */
import { describe, expect, it } from 'vitest'
import { Subject } from 'rxjs'
import { createApp } from '../../composition/createApp'
import type { AppEvent } from '../../domain/app'
import { replayLog } from '../../domain/log'
import { REDACTED_EMAIL, redactLog } from '../../domain/debug/redact'
import { fakePorts } from '../support/fakePorts'
import { user } from '../support/fixtures'

const SECRET_LINE = '2026-11-24 10:00:00 [INFO] GET /internal/report?customer=acme 200'

function sessionLog(): string {
  const injected = new Subject<AppEvent>()
  const app = createApp({ ports: fakePorts(), effects: { injected: () => injected } })
  injected.next({
    type: 'session/UserDataLoaded',
    data: {
      user: user({
        email: 'dev.eloper@example.com',
        hasSeenGettingStarted: true,
        wizardClosed: true,
        requireProfilePassword: false,
        requireProfileUnlock: false,
      }),
    },
  } as AppEvent)
  injected.next({
    type: 'serviceStatus/LogChunkReceived',
    data: { selection: 'artifactory', from: 0, content: SECRET_LINE, fileSize: 64, lastUpdate: '10:00' },
  } as AppEvent)
  const log = app.exportLog()
  app.dispose()
  return log
}

describe('redacting an exported log', () => {
  it('leaves out email addresses and log file contents, and still replays to its own hash', () => {
    const log = sessionLog()
    expect(log).toContain('dev.eloper@example.com')
    expect(log).toContain(SECRET_LINE)
    const redacted = redactLog(log, { personalData: true, serverLogs: true })
    expect(redacted.text).not.toContain('dev.eloper@example.com')
    expect(redacted.text).not.toContain(SECRET_LINE)
    expect(redacted.emails).toBe(1)
    expect(redacted.logChunks).toBe(1)
    expect(JSON.parse(redacted.text.split('\n')[0]!).redacted).toEqual([
      'secrets',
      'personalData',
      'serverLogs',
    ])
    const replayed = replayLog(redacted.text)
    expect(replayed.errors).toEqual([])
    expect(replayed.hashMatches).toBe(true)
    expect(replayed.state.session.user?.email).toBe(REDACTED_EMAIL)
    // The original, untouched, replays to the original state.
    expect(replayLog(log).state.session.user?.email).toBe('dev.eloper@example.com')
  })

  it('leaves everything in when asked to', () => {
    const log = sessionLog()
    const kept = redactLog(log, { personalData: false, serverLogs: false })
    expect(kept.text).toContain('dev.eloper@example.com')
    expect(kept.text).toContain(SECRET_LINE)
    expect(replayLog(kept.text).hashMatches).toBe(true)
    expect(replayLog(kept.text).actualHash).toBe(replayLog(log).actualHash)
  })
})
