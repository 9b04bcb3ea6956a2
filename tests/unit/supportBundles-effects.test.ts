/** Support bundles through the real bus: creation with placeholders, polling, delete, retention. */
import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { left } from 'fp-ts/Either'
import { createApp } from '../../composition/createApp'
import { UserDataLoaded } from '../../domain/session/events'
import { shownBundles, type BundleRequest } from '../../domain/supportBundles'
import { fakePorts } from '../support/fakePorts'
import { bundle, fakeBundlePlatform } from '../support/fakeSupportBundlesApi'
import { user } from '../support/fixtures'
import { flush, timeTo as waitTimeTo } from '../support/wait'

const request = (over: Partial<BundleRequest>): BundleRequest => ({
  name: 'nightly',
  description: '',
  service: 'artifactory',
  threadDumpCount: 1,
  threadDumpInterval: 0,
  ...over,
})

function setup(admin = true) {
  const api = fakeBundlePlatform([bundle()])
  const scheduler = new VirtualTimeScheduler()
  const app = createApp({
    ports: fakePorts({ supportBundlesApi: api, scheduler }),
    seed: [UserDataLoaded({ user: user({ name: admin ? 'admin' : 'developer', admin }) })],
  })
  const timeTo = (ms: number) => waitTimeTo(scheduler, ms)
  const page = () => app.getState().supportBundles
  const rows = () => shownBundles(page().list) ?? []
  const lists = () => api.calls.filter((c) => c.name === 'list').length
  return { api, app, timeTo, page, rows, lists }
}

describe('support bundle creation (spec 001 section 4)', () => {
  it('shows a placeholder at once, and 3 s after the last call returns drops it and reloads', async () => {
    const { api, app, timeTo, page, rows, lists } = setup()
    app.dispatch({ type: 'supportBundles/Open' })
    await timeTo(0)
    expect(lists()).toBe(1)
    let release!: () => void
    api.gate = new Promise((r) => (release = r))
    app.dispatch({ type: 'supportBundles/Create', request: request({ name: 'one' }) })
    app.dispatch({
      type: 'supportBundles/Create',
      request: request({ name: 'two', service: 'xray' }),
    })
    expect(page().placeholders.map((p) => [p.name, p.status])).toEqual([
      ['two', 'in progress'],
      ['one', 'in progress'],
    ])
    expect(page().inProgress).toEqual({ artifactory: 1, xray: 1 })
    release()
    await flush(5)
    expect(page().inProgress).toEqual({ artifactory: 0, xray: 0 })
    await timeTo(2_999)
    expect(page().placeholders).toHaveLength(2)
    expect(lists()).toBe(1)
    await timeTo(3_000)
    expect(page().placeholders).toEqual([])
    expect(lists()).toBe(2)
    expect(rows().map((b) => b.name)).toEqual(['two', 'one', 'nightly'])
    const sent = api.calls.filter((c) => c.name === 'create').map((c) => c.arg)
    expect(sent).toEqual([
      { name: 'one', description: '', service: 'artifactory', threadDumpCount: 1, threadDumpInterval: 0 },
      { name: 'two', description: '', service: 'xray', threadDumpCount: 1, threadDumpInterval: 0 },
    ])
  })

  it('polls the list every 3 s while a bundle is in progress, and stops when it is built or the page closes', async () => {
    const { api, app, timeTo, rows, lists } = setup()
    app.dispatch({ type: 'supportBundles/Open' })
    await timeTo(0)
    app.dispatch({ type: 'supportBundles/Create', request: request({ name: 'slow' }) })
    await flush(5)
    await timeTo(3_000)
    expect(rows()[0]?.status).toBe('in progress')
    const afterCleanup = lists()
    await timeTo(6_000)
    expect(lists()).toBe(afterCleanup + 1)
    api.finish('new-1')
    await timeTo(9_000)
    expect(rows()[0]?.status).toBe('success')
    const done = lists()
    await timeTo(60_000)
    expect(lists()).toBe(done)
    // Closing the page stops polling too.
    app.dispatch({ type: 'supportBundles/Create', request: request({ name: 'other' }) })
    await flush(5)
    await timeTo(63_000)
    app.dispatch({ type: 'supportBundles/Close' })
    const closed = lists()
    await timeTo(120_000)
    expect(lists()).toBe(closed)
  })

  it('a refused creation shows its reason and drops its placeholder; an invalid form is rejected without a call', async () => {
    const { api, app, timeTo, page } = setup()
    app.dispatch({ type: 'supportBundles/Open' })
    await timeTo(0)
    api.failures.create = left({
      kind: 'status',
      status: 409,
      message: 'Too many support bundles are being created',
    })
    app.dispatch({ type: 'supportBundles/Create', request: request({ name: 'busy' }) })
    await flush(5)
    expect(page().create.status).toBe('failed')
    expect(page().create.failure?.message).toBe('Too many support bundles are being created')
    expect(page().placeholders).toEqual([])
    app.dispatch({ type: 'supportBundles/Create', request: request({ name: 'bad name' }) })
    expect(api.calls.filter((c) => c.name === 'create')).toHaveLength(1)
    expect(app.exportLog()).toContain('the request is not valid: name')
  })

  it('deleting reloads the list; download only for a finished bundle', async () => {
    const { api, app, timeTo, rows, lists } = setup()
    api.bundles.push(bundle({ id: 'b-2', name: 'building', status: 'in progress' }))
    app.dispatch({ type: 'supportBundles/Open' })
    await timeTo(0)
    app.dispatch({ type: 'supportBundles/Download', id: 'b-2' })
    app.dispatch({ type: 'supportBundles/Download', id: 'b-1' })
    await flush(5)
    expect(api.calls.filter((c) => c.name === 'download').map((c) => c.arg)).toEqual(['b-1'])
    app.dispatch({ type: 'supportBundles/Delete', id: 'b-1' })
    await flush(5)
    expect(lists()).toBe(2)
    expect(rows().map((b) => b.id)).toEqual(['b-2'])
  })
})

describe('retention status (spec 001 sections 4 and 8)', () => {
  it('a non-admin is disabled without a call', async () => {
    const { api, app, page } = setup(false)
    app.dispatch({ type: 'supportBundles/CheckRetention' })
    await flush(5)
    expect(page().retention.status).toBe('disabled')
    expect(api.calls).toEqual([])
  })

  it('a 404 means disabled, at the first attempt', async () => {
    const { api, app, page } = setup()
    api.retention = left({ kind: 'status', status: 404, message: 'Not Found' })
    app.dispatch({ type: 'supportBundles/CheckRetention' })
    await flush(5)
    expect(page().retention).toMatchObject({ status: 'disabled', failed: false })
    expect(api.calls.filter((c) => c.name === 'retentionEnabled')).toHaveLength(1)
  })

  it('other failures are tried 3 times, then disabled with the notification', async () => {
    const { api, app, page } = setup()
    api.retention = left({ kind: 'status', status: 500, message: 'config store down' })
    app.dispatch({ type: 'supportBundles/CheckRetention' })
    await flush(5)
    expect(api.calls.filter((c) => c.name === 'retentionEnabled')).toHaveLength(3)
    expect(page().retention).toMatchObject({ status: 'disabled', failed: true })
    expect(app.getState().notifications.toasts.map((t) => t.message)).toContainEqual({
      key: 'retentionCheckFailed',
      detail: 'config store down',
    })
  })

  it('enabled when the platform says so', async () => {
    const { app, page } = setup()
    app.dispatch({ type: 'supportBundles/CheckRetention' })
    await flush(5)
    expect(page().retention.status).toBe('enabled')
  })
})
