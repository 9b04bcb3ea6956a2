/**
 * A reload keeps what an admin list showed until the new answer arrives, so the page does not
 * blank and a confirmation opened on a row stays open; another project's members never show.
 */
import { describe, expect, it } from 'vitest'
import { adminArea, initialAdminState, LoadRequested, Loaded, type AdminState } from '../../domain/admin'
import { appSlice, type AppEvent } from '../../domain/app'
import { fold as foldWith } from '../support/decider'

const fold = (events: AppEvent[], from: AdminState = initialAdminState): AdminState =>
  foldWith(appSlice(adminArea).evolve, events, from)
const members = [{ name: 'alice', roles: ['Developer'] }]

describe('admin: reloading a list', () => {
  it('keeps the loaded list as previous while it reloads, then shows the new answer', () => {
    const proxies = [
      { key: 'corp', host: 'proxy.example', port: 8080, defaultProxy: true, hasPassword: false },
    ]
    const loaded = fold([
      LoadRequested({ resource: 'proxies', requestId: 'r1' }),
      Loaded({ requestId: 'r1', data: { resource: 'proxies', value: proxies } }),
      LoadRequested({ resource: 'proxies', requestId: 'r2' }),
    ])
    expect(loaded.resources.proxies).toEqual({ status: 'loading', requestId: 'r2', previous: proxies })
    const again = fold([LoadRequested({ resource: 'proxies', requestId: 'r3' })], loaded)
    expect(again.resources.proxies).toEqual({ status: 'loading', requestId: 'r3', previous: proxies })
    const done = fold([Loaded({ requestId: 'r3', data: { resource: 'proxies', value: [] } })], again)
    expect(done.resources.proxies).toEqual({ status: 'loaded', data: [] })
  })

  it("never shows one project's members while another's load", () => {
    const state = fold([
      LoadRequested({ resource: 'members', requestId: 'm1', key: 'alpha' }),
      Loaded({ requestId: 'm1', data: { resource: 'members', value: members } }),
    ])
    const same = fold([LoadRequested({ resource: 'members', requestId: 'm2', key: 'alpha' })], state)
    expect(same.resources.members).toEqual({ status: 'loading', requestId: 'm2', previous: members })
    const other = fold([LoadRequested({ resource: 'members', requestId: 'm3', key: 'beta' })], state)
    expect(other.resources.members).toEqual({ status: 'loading', requestId: 'm3' })
  })

  it('a first load has nothing to keep', () => {
    expect(fold([LoadRequested({ resource: 'users', requestId: 'u1' })]).resources.users).toEqual({
      status: 'loading',
      requestId: 'u1',
    })
  })
})
