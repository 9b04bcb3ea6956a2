/**
 * The notify action of a policy's rule, for real: the new violations under such a rule are POSTed
 * to the webhook of the scans settings (a receiver on loopback here, closed after the tests), once
 * each; a webhook that fails gets them again after its wait on the platform's clock (a manual
 * clock, moved by the test); a violation an ignore rule lifted before it went is not sent; with no
 * webhook set they are listed as unsent. Admins list them with how their sending went.
 */
import { EventEmitter, once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { manualClock } from '../../server/clock'
import { xrayFor } from '../../server/xray/service'
import { call } from '../support/apiCalls'
import { startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'
import { publishBody } from '../support/npmPublish'
import { startFakeGitVendor } from '../support/fakeGitVendor'
import { gitRepository, lockOf } from '../support/gitRepositories'

const LODASH = 'GHSA-p6mc-m468-83gw'

interface Sent {
  event: string
  violations: Array<{
    resource: string
    package: string | null
    version: string | null
    repository: string | null
    watch: string
    policy: string
    rule: string
    issue: string
    component: string
    severity: string
  }>
}
interface Listed {
  notifications: Array<{
    resource: string
    watch: string
    issue: string
    status: string
    attempts: number
    lastError: string | null
  }>
}

/** What the receiver took (answered 2xx), and how many POSTs it refused. */
const received: Sent[] = []
/** Tells of each POST the receiver took. */
const arrivals = new EventEmitter()
let refused = 0
let answer = 204
let receiver: Server
let webhook: string
let server: TestServer
let admin: string
const clock = manualClock()

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (c: Buffer) => chunks.push(c))
    request.on('end', () => {
      if (answer >= 300) refused++
      else if (request.method === 'POST' && request.headers['content-type'] === 'application/json')
        received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Sent)
      response.writeHead(answer).end()
      arrivals.emit('post')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  // Never holds the test process open, whatever happens to the tests.
  receiver.unref()
  webhook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/xray`
  // The schedule far apart: the test sends what is due itself, when it expects it sent.
  server = await startTestServer({ notifyIntervalMs: 24 * 3600 * 1000 }, {}, { clock })
  admin = signInDirectly(server, { admin: true })
})
afterAll(async () => {
  await server?.stop()
  await new Promise((resolve) => receiver?.close(resolve))
})

const api = <T>(method: string, path: string, body?: unknown, cookie = admin) =>
  call<T>(server, method, path, { cookie, body })

const settings = (notifyUrl: string | null) => ({
  scanDependencies: true,
  rescanAfterImport: true,
  retentionDays: 90,
  notifyUrl,
})

/** A policy named for the watch whose rule finds high and critical advisories, notifying or not. */
const policyOf = (name: string, notify = true) => ({
  name: `${name}-policy`,
  description: '',
  type: 'security',
  rules: [
    {
      name: 'high',
      criteria: { kind: 'security', minSeverity: 'high' },
      actions: { blockDownload: false, failBuild: false, notify },
    },
  ],
})

/** A policy whose rule notifies of high and critical advisories (or not), and a watch over npm-remote with it. */
async function watchWithNotifyingPolicy(name: string, notify = true, repository = 'npm-remote') {
  const policy = policyOf(name, notify)
  expect((await api('POST', '/xray/api/v1/policies', policy)).status).toBe(201)
  // Answered once the watch's violations are stored.
  const watch = {
    name,
    description: '',
    resources: { kind: 'repositories', repositories: [repository] },
    policies: [policy.name],
  }
  expect((await api('POST', '/xray/api/v1/watches', watch)).status).toBe(201)
}

const deliver = () => xrayFor(server.ctx).deliverNotifications()
const listed = async (watch: string) =>
  (await api<Listed>('GET', '/xray/api/v1/notifications?limit=200')).body.notifications.filter(
    (n) => n.watch === watch,
  )

describe('the notify action', () => {
  it('takes an http(s) webhook from an admin only', async () => {
    for (const bad of ['ftp://127.0.0.1/x', 'javascript:alert(1)', 'not an address'])
      expect((await api('PUT', '/xray/api/v1/settings', settings(bad))).status, bad).toBe(400)
    const developer = signInDirectly(server)
    expect((await api('PUT', '/xray/api/v1/settings', settings(webhook), developer)).status).toBe(403)
    expect((await api('GET', '/xray/api/v1/notifications', undefined, developer)).status).toBe(403)
    // Answered only as its target: the path (where a chat webhook's token stands) never comes back.
    const origin = new URL(webhook).origin
    const saved = await api('PUT', '/xray/api/v1/settings', settings(` ${webhook} `))
    expect(saved.body).toEqual({ ...settings(null), notifyUrl: undefined, notifyTarget: origin })
    const read = await api('GET', '/xray/api/v1/settings', undefined, signInDirectly(server))
    expect(read.body).toEqual({ ...settings(null), notifyUrl: undefined, notifyTarget: origin })
    expect(JSON.stringify([saved.body, read.body])).not.toContain('/hooks/')
    // A save that does not name one keeps it.
    const { notifyUrl: _none, ...withoutWebhook } = settings(null)
    const kept = await api('PUT', '/xray/api/v1/settings', { ...withoutWebhook, retentionDays: 30 })
    expect(kept.body).toEqual({
      ...settings(null),
      notifyUrl: undefined,
      retentionDays: 30,
      notifyTarget: origin,
    })
    expect((await xrayFor(server.ctx).store.scanSettings()).notifyUrl).toBe(webhook)
  })

  it('posts each new violation to the webhook once, with its package, watch, policy and advisory', async () => {
    await watchWithNotifyingPolicy('notified')
    await deliver()
    const sent = received.flatMap((r) => r.violations)
    expect(received.every((r) => r.event === 'xray.violations')).toBe(true)
    expect(sent).toContainEqual(
      expect.objectContaining({
        resource: 'npm://lodash@4.17.15',
        package: 'lodash',
        version: '4.17.15',
        repository: 'npm-remote',
        watch: 'notified',
        policy: 'notified-policy',
        rule: 'high',
        issue: LODASH,
        component: 'lodash',
        severity: 'high',
      }),
    )
    expect(sent.every((v) => v.watch === 'notified' && ['high', 'critical'].includes(v.severity))).toBe(true)
    const notes = await listed('notified')
    expect(notes).toHaveLength(sent.length)
    expect(notes.every((n) => n.status === 'sent' && n.attempts === 1)).toBe(true)

    // The same violations found again are not new: nothing more is sent.
    const before = received.length
    await xrayFor(server.ctx).reevaluateAll()
    await deliver()
    expect(received.length).toBe(before)
  })

  it('notifies the violations found before their rule gained the notify action, once', async () => {
    const before = received.length
    await watchWithNotifyingPolicy('gained', false)
    await deliver()
    expect(await listed('gained')).toEqual([])
    expect(received.length).toBe(before)

    // The rule gains notify: the violations it had found are now owed, and sent.
    expect((await api('PUT', '/xray/api/v1/policies/gained-policy', policyOf('gained'))).status).toBe(200)
    await deliver()
    const sent = received.slice(before).flatMap((r) => r.violations)
    expect(sent).toContainEqual(
      expect.objectContaining({ resource: 'npm://lodash@4.17.15', watch: 'gained', issue: LODASH }),
    )
    const notes = await listed('gained')
    expect(notes.length).toBe(sent.length)
    expect(notes.every((n) => n.status === 'sent')).toBe(true)

    // Off and on again: those already notified are not notified twice.
    const after = received.length
    expect((await api('PUT', '/xray/api/v1/policies/gained-policy', policyOf('gained', false))).status).toBe(
      200,
    )
    expect((await api('PUT', '/xray/api/v1/policies/gained-policy', policyOf('gained'))).status).toBe(200)
    await deliver()
    expect(received.length).toBe(after)
    expect(await listed('gained')).toHaveLength(notes.length)
  })

  it('tries a failing webhook again after its wait, and sends none an ignore rule lifted', async () => {
    answer = 500
    const before = received.length
    await watchWithNotifyingPolicy('retried')
    await deliver()
    const failed = await listed('retried')
    expect(failed.length).toBeGreaterThan(1)
    expect(failed.every((n) => n.status === 'pending' && n.attempts === 1)).toBe(true)
    expect(failed[0]!.lastError).toBe('the webhook answered 500')
    expect(refused).toBe(1)

    // Lifted while it waits: the lodash advisory of 4.17.15 under this watch.
    const ignore = {
      issue: LODASH,
      version: 'npm://lodash@4.17.15',
      watch: 'retried',
      reason: 'Not reachable',
    }
    expect((await api('POST', '/xray/api/v1/ignore_rules', ignore)).status).toBe(201)

    answer = 204
    // Not due before its wait is over.
    await deliver()
    expect((await listed('retried')).every((n) => n.status === 'pending')).toBe(true)
    clock.advance(31_000)
    await deliver()
    const after = await listed('retried')
    const lifted = after.filter((n) => n.resource === 'npm://lodash@4.17.15' && n.issue === LODASH)
    expect(lifted.map((n) => n.status)).toEqual(['ignored'])
    expect(after.filter((n) => n !== lifted[0]).every((n) => n.status === 'sent' && n.attempts === 2)).toBe(
      true,
    )
    const resent = received.slice(before).flatMap((r) => r.violations)
    expect(resent.filter((v) => v.watch === 'retried')).toHaveLength(after.length - 1)
    expect(resent.some((v) => v.issue === LODASH && v.version === '4.17.15')).toBe(false)
  })

  it('posts a published version’s violations once its publish commits, not at the next turn of the schedule', async () => {
    await watchWithNotifyingPolicy('published', true, 'npm-local')
    // Nothing is being sent now: only what the publish sets off can send what it owes.
    await deliver()
    const { body } = publishBody('lodash', '4.17.12')
    const basic = `Basic ${Buffer.from(`admin:${server.config.adminPassword}`).toString('base64')}`
    const published = await fetch(`${server.url}/artifactory/api/npm/npm-local/lodash`, {
      method: 'PUT',
      headers: { authorization: basic, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(published.ok).toBe(true)
    const sentFor = () =>
      received
        .flatMap((r) => r.violations)
        .filter((v) => v.watch === 'published' && v.resource === 'npm://lodash@4.17.12')
    // The schedule is a day apart and no one else sends: the publish's commit has to.
    while (sentFor().length === 0) await once(arrivals, 'post')
    expect(sentFor()).toContainEqual(expect.objectContaining({ issue: LODASH, repository: 'npm-local' }))
  })

  it('posts a git repository’s violations once its scan commits, not at the next turn of the schedule', async () => {
    expect((await api('PUT', '/xray/api/v1/settings', settings(webhook))).status).toBe(200)
    // minimist 0.0.8 is locked: the shipped critical advisory of minimist matches it.
    const vendor = await startFakeGitVendor({
      token: 'notify-token',
      repositories: [{ name: 'octo/notified', private: false }],
      gitDirs: { 'octo/notified': gitRepository(lockOf('notified', { minimist: '0.0.8' })) },
    })
    try {
      const created = await api<{ data: string }>('POST', '/integration', {
        integrationName: 'notify-github',
        userName: 'octo',
        token: 'notify-token',
        url: vendor.githubUrl,
        vendorName: 1,
        integrationType: 1,
      })
      expect(created.status).toBe(201)
      const key = created.body.data
      expect(
        (await api('PUT', `/integration/${key}/repositories`, { selected: ['octo/notified'] })).status,
      ).toBe(200)
      await watchWithNotifyingPolicy('git-notified', true, 'git://notify-github/octo/notified')
      // Nothing is being sent now: only what the scan sets off can send what it owes.
      await deliver()
      // Connecting the scanner starts its read in the background, on the scanner's own run.
      expect((await api('POST', '/xray/ui/vcs_integrations', { integration_id: key })).status).toBe(201)
      const sentFor = () =>
        received
          .flatMap((r) => r.violations)
          .filter((v) => v.watch === 'git-notified' && v.resource === 'git://notify-github/octo/notified')
      // The schedule is a day apart and no one else sends: the scan's commit has to.
      while (sentFor().length === 0) await once(arrivals, 'post')
      expect(sentFor()).toContainEqual(
        expect.objectContaining({
          component: 'minimist',
          package: null,
          repository: null,
          severity: 'critical',
        }),
      )
    } finally {
      await vendor.stop()
    }
  })

  it('lists them as unsent when no webhook is set', async () => {
    expect((await api('PUT', '/xray/api/v1/settings', settings(null))).status).toBe(200)
    const before = received.length
    await watchWithNotifyingPolicy('unhooked')
    await deliver()
    const notes = await listed('unhooked')
    expect(notes.length).toBeGreaterThan(0)
    expect(notes.every((n) => n.status === 'unsent' && n.lastError === 'no webhook was set')).toBe(true)
    expect(received.length).toBe(before)
  })
})
