/**
 * An exported session log (the debug panel's export, a support bundle's session) never carries a
 * secret, whatever hostile text the session held: the public corpora's links with passwords,
 * open-redirect payloads as secret query parameters, XSS payloads and malformed JSON lines.
 * Whatever is left still replays, to the hash its trailer names.
 */
import { describe, expect, it } from 'vitest'
import { createApp } from '../../composition/createApp'
import { eventSpecs } from '../../domain/app'
import { replayLog } from '../../domain/log'
import { REDACTED_SECRET, redactLog } from '../../domain/debug/redact'
import { fakePorts } from '../support/fakePorts'
import { corpusFile, corpusLines, corporaDir } from '../support/corpora'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const header = (() => {
  const app = createApp({ ports: fakePorts(), effects: {} })
  const first = app.exportLog().split('\n')[0]!
  app.dispose()
  return first
})()

/** A log of sign-in failures, one a message (the message is free text the platform gave). */
function failures(messages: ReadonlyArray<string>, extra: Record<string, unknown> = {}): string {
  const v = eventSpecs.get('session/SignInFailed')!.v
  const lines = messages.map((message, i) =>
    JSON.stringify({
      kind: 'event',
      seq: i + 1,
      at: '2026-12-02T20:00:00.000Z',
      source: 'effect',
      corr: `c${i}`,
      type: 'session/SignInFailed',
      v,
      data: { user: 'dev', failure: { kind: 'network', message }, ...extra },
    }),
  )
  return `${[header, ...lines].join('\n')}\n`
}

const messagesOf = (text: string): string[] =>
  text
    .split('\n')
    .filter((l) => l.includes('"kind":"event"'))
    .map((l) => (JSON.parse(l) as { data: { failure: { message: string } } }).data.failure.message)

function replaysWhole(text: string) {
  const replayed = replayLog(text)
  expect(replayed.errors).toEqual([])
  expect(replayed.hashMatches).toBe(true)
}

const leaveNothingOptional = { personalData: false, serverLogs: false }

describe('redacting a session log against the public corpora', () => {
  it('leaves no password of a link, for every link of the URL test data that carries one', () => {
    const data = JSON.parse(corpusFile('url/urltestdata.json')) as Array<
      string | { input: string; base: string | null; failure?: boolean }
    >
    const withPassword = data.flatMap((entry) => {
      if (typeof entry === 'string' || entry.failure) return []
      const base = entry.base ?? undefined
      try {
        if (base && new URL(base).password !== '') return []
        return new URL(entry.input, base).password !== '' ? [{ input: entry.input, base }] : []
      } catch {
        return []
      }
    })
    expect(withPassword.length).toBeGreaterThan(20)
    const redacted = redactLog(failures(withPassword.map((e) => e.input)), leaveNothingOptional)
    messagesOf(redacted.text).forEach((message, i) => {
      const { base, input } = withPassword[i]!
      let password = ''
      try {
        password = new URL(message, base).password
      } catch {
        // Not a link any more: nothing to read a password from.
      }
      expect([input, ['', REDACTED_SECRET].includes(password)]).toEqual([input, true])
    })
    expect(redacted.secrets).toBeGreaterThanOrEqual(withPassword.length)
    replaysWhole(redacted.text)
  })

  it('leaves no secret query parameter, whatever open-redirect payload is its value', () => {
    const payloads = corpusLines('open-redirect')
    const links = payloads.flatMap((p) => [
      `/ui/login/reset?next=%2Fui%2F&token=${p}`,
      `https://console.example/ui/cli?jfClientCode=${encodeURIComponent(p)}&state=1`,
      `Could not open /ui/invite?key=${encodeURIComponent(p)} (it expired)`,
    ])
    const redacted = redactLog(failures(links), leaveNothingOptional)
    const base = 'https://console.example/'
    messagesOf(redacted.text).forEach((message, i) => {
      const link = links[i]!
      const at = link.indexOf('/ui/')
      const url = (text: string) => new URL(text.slice(text.indexOf('/ui/')).split(' ')[0]!, base)
      for (const name of ['token', 'jfClientCode', 'key']) {
        const secret = url(link).searchParams.get(name)
        if (!secret || at < 0) continue
        expect([link, url(message).searchParams.get(name)]).toEqual([link, REDACTED_SECRET])
      }
    })
    replaysWhole(redacted.text)
  })

  it('changes no XSS payload that holds no credential, and the log still replays', () => {
    const payloads = corpusLines('xss')
    const redacted = redactLog(failures(payloads), leaveNothingOptional)
    const kept = messagesOf(redacted.text)
    expect(kept).toHaveLength(payloads.length)
    payloads.forEach((payload, i) => {
      if (/[?@]|Bearer|Basic|Token|eyJ|PRIVATE KEY/i.test(payload)) return
      expect(kept[i]).toBe(payload)
    })
    replaysWhole(redacted.text)
  })

  it('leaves out every line the JSON test suite has that is not a log line', () => {
    const dir = join(corporaDir(), 'json-parsing/test_parsing')
    const files = readdirSync(dir).sort()
    const log = failures(['first', 'second']).split('\n')
    const hostile = files.map((f) => readFileSync(join(dir, f), 'utf8'))
    const text = [log[0], log[1], ...hostile, log[2]].join('\n')
    const redacted = redactLog(text, leaveNothingOptional)
    expect(redacted.unreadable).toBeGreaterThanOrEqual(files.filter((f) => f.startsWith('n_')).length)
    expect(messagesOf(redacted.text)).toEqual(['first', 'second'])
    for (const line of redacted.text.split('\n').filter((l) => l !== ''))
      expect(() => JSON.parse(line)).not.toThrow()
    replaysWhole(redacted.text)
  })

  it('leaves out fields named as secrets and credentials shaped as such, and says so in the header', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ'
    const messages = [
      `Authorization: Bearer ${'A1b2C3d4'.repeat(4)}`,
      `token ${jwt} refused`,
      '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----',
      'Could not reach https://deploy:Hunter2-Secret@git.example/acme/app.git: refused',
    ]
    const redacted = redactLog(
      failures(messages, { password: 'Hunter2-Secret', api_key: 'AKIA-123', key: 'libs-release' }),
      { personalData: true, serverLogs: true },
    )
    for (const secret of ['Hunter2-Secret', 'A1b2C3d4', jwt, 'MIIEvQIBADAN', 'AKIA-123'])
      expect(redacted.text).not.toContain(secret)
    // A field named `key` is a name (a repository's), not a secret.
    expect(redacted.text).toContain('"key":"libs-release"')
    expect(redacted.text).toContain('Could not reach https://deploy:redacted@')
    expect(JSON.parse(redacted.text.split('\n')[0]!).redacted).toEqual([
      'secrets',
      'personalData',
      'serverLogs',
    ])
    expect(redacted.events).toBe(messages.length)
    expect(redacted.lastSeq).toBe(messages.length)
    replaysWhole(redacted.text)
  })
})
