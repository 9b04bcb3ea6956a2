/**
 * Toasts say what happened as a message key and its data; the view's catalogue words them
 *. The policies that ask for a toast give keys, the catalogue gives the same
 * sentences as before, and a log recorded when toasts held prose still replays.
 */
import { describe, expect, it } from 'vitest'
import { appSlice, type AppCommand, type AppEvent } from '../../domain/app'
import { type initialAppState } from '../../domain/app'
import { replayLog, upcast } from '../../domain/log'
import { adminArea } from '../../domain/admin'
import * as Admin from '../../domain/admin/events'
import { repositoriesArea } from '../../domain/repositories/decider'
import * as Repo from '../../domain/repositories/events'
import { securityArea } from '../../domain/security'
import * as Sec from '../../domain/security/events'
import { serviceStatusArea } from '../../domain/serviceStatus'
import { NodeRemoved } from '../../domain/serviceStatus/events'
import { supportBundlesArea } from '../../domain/supportBundles'
import { RetentionCheckFailed } from '../../domain/supportBundles/events'
import { Shown, type ToastMessage } from '../../domain/notifications'
import { toastText } from '../../ui/shared/toastMessages'
import { foldEvents } from '../support/decider'

const envelope = (event: AppEvent) => ({ seq: 1, at: '', source: 'effect' as const, corr: 'c', event })
type Area = {
  policies?: (e: ReturnType<typeof envelope>, s: typeof initialAppState) => ReadonlyArray<AppCommand>
}
/** The message of the toast a policy asks for after `event`. */
const toastAfter = (area: Area, event: AppEvent) =>
  (area.policies?.(envelope(event), foldEvents([event])) ?? []).flatMap((c) =>
    c.type === 'notifications/Show' ? [c.message] : [],
  )

describe('the toasts the policies ask for are message keys with data', () => {
  it.each<[string, Area, AppEvent, ToastMessage]>([
    [
      'a saved proxy',
      appSlice(adminArea),
      Admin.Saved({
        form: 'proxy',
        requestId: 'r',
        op: {
          kind: 'saveProxy',
          create: true,
          proxy: { key: 'corp', host: 'h', port: 1, defaultProxy: false },
        },
      }),
      { key: 'saved', subject: 'proxy', name: 'corp' },
    ],
    [
      'an invitation',
      appSlice(adminArea),
      Admin.Saved({
        form: 'invitation',
        requestId: 'r',
        op: { kind: 'inviteUser', email: 'a@b.example' },
      }),
      { key: 'invitationSent', email: 'a@b.example' },
    ],
    [
      'a saved repository',
      appSlice(repositoriesArea),
      Repo.Saved({ requestId: 'r', key: 'npm-local' }),
      { key: 'saved', subject: 'repository', name: 'npm-local' },
    ],
    [
      'saved LDAP settings',
      appSlice(securityArea),
      Sec.Saved({ page: 'ldap', requestId: 'r', values: {} }),
      { key: 'saved', subject: 'ldapSettings' },
    ],
    [
      'a removed node',
      appSlice(serviceStatusArea),
      NodeRemoved({ requestId: 'r', serviceId: 'artifactory', nodeId: 'node-2' }),
      { key: 'nodeRemoved', nodeId: 'node-2', serviceId: 'artifactory' },
    ],
    [
      'a retention check that failed',
      appSlice(supportBundlesArea),
      RetentionCheckFailed({ requestId: 'r', failure: { kind: 'status', status: 500, message: 'down' } }),
      { key: 'retentionCheckFailed', detail: 'down' },
    ],
  ])('%s', (_, area, event, message) => {
    expect(toastAfter(area, event)).toEqual([message])
  })
})

describe('the catalogue words each toast as the console always has', () => {
  it.each<[ToastMessage, string]>([
    [{ key: 'saved', subject: 'generalSettings' }, 'General settings saved'],
    [{ key: 'saved', subject: 'proxy', name: 'corp' }, 'Proxy corp saved'],
    [{ key: 'deleted', subject: 'proxy', name: 'corp' }, 'Proxy corp deleted'],
    [{ key: 'created', subject: 'project', name: 'Alpha' }, 'Project Alpha created'],
    [{ key: 'saved', subject: 'projectMembers' }, 'Project members saved'],
    [{ key: 'deleted', subject: 'user', name: 'bob' }, 'User bob deleted'],
    [{ key: 'saved', subject: 'group', name: 'writers' }, 'Group writers saved'],
    [{ key: 'deleted', subject: 'permission', name: 'deployers' }, 'Permission deployers deleted'],
    [{ key: 'invitationSent', email: 'a@b.example' }, 'Invitation sent to a@b.example'],
    [{ key: 'saved', subject: 'repository', name: 'npm-local' }, 'Repository npm-local saved'],
    [{ key: 'saved', subject: 'crowdSettings' }, 'Crowd / JIRA settings saved'],
    [{ key: 'saved', subject: 'securitySettings' }, 'Security settings saved'],
    [
      { key: 'artifactDeployed', path: 'e2e/a.txt', repoKey: 'generic-local' },
      'Deployed e2e/a.txt to generic-local',
    ],
    [
      { key: 'artifactDeleted', path: 'tools/a.bin', repoKey: 'generic-local' },
      'Deleted tools/a.bin from generic-local',
    ],
    [
      { key: 'nodeRemoved', nodeId: 'node-2', serviceId: 'artifactory' },
      'Node node-2 removed from artifactory',
    ],
    [
      { key: 'retentionCheckFailed', detail: 'config store down' },
      'There was an error while trying to fetch retention feature status config store down',
    ],
    [{ key: 'integrations.created', integrationKey: 'gh-1' }, 'Successfully created gh-1'],
    [{ key: 'integrations.deleted', integrationKey: '' }, 'Successfully deleted'],
    [{ key: 'integrations.deleteFailed', integrationKey: 'gh-1' }, 'Error while deleting integration'],
    [
      { key: 'integrations.testFailed', integrationKey: '' },
      'Connection test failed, please check your credentials',
    ],
    [{ key: 'notAuthorized' }, 'You are not authorized to view this page'],
    [{ key: 'navigationTypeNotSaved', detail: 'offline' }, 'Could not switch the navigation type: offline'],
  ])('%j', (message, text) => {
    expect(toastText(message)).toBe(text)
  })
})

describe('a log recorded when toasts held prose (notifications/Shown v1)', () => {
  const at = '2026-01-01T00:00:00.000Z'
  it('upcasts prose to recorded text, a v1 key to the key with its detail, and keeps its time as recordedAt', () => {
    expect(
      upcast('notifications/Shown', 1, { id: 't', kind: 'success', message: 'Proxy corp saved', at }),
    ).toEqual({
      ok: true,
      data: {
        id: 't',
        kind: 'success',
        message: { key: 'recorded', text: 'Proxy corp saved' },
        recordedAt: at,
      },
    })
    expect(
      upcast('notifications/Shown', 1, {
        id: 't',
        kind: 'error',
        message: '',
        messageKey: 'navigationTypeNotSaved',
        detail: 'offline',
        at,
      }),
    ).toEqual({
      ok: true,
      data: {
        id: 't',
        kind: 'error',
        message: { key: 'navigationTypeNotSaved', detail: 'offline' },
        recordedAt: at,
      },
    })
    expect(
      upcast('notifications/Shown', 1, {
        id: 't',
        kind: 'success',
        message: '',
        messageKey: 'contactRequestSent',
        at,
      }),
    ).toEqual({
      ok: true,
      data: { id: 't', kind: 'success', message: { key: 'contactRequestSent' }, recordedAt: at },
    })
  })

  it('replays to toasts the view words as they were shown', () => {
    const line = (seq: number, data: object) =>
      JSON.stringify({
        kind: 'event',
        seq,
        at,
        source: 'policy',
        corr: 'c',
        type: 'notifications/Shown',
        v: 1,
        data,
      })
    const log = [
      JSON.stringify({ kind: 'header', format: 1, app: '0.1.0', startedAt: at }),
      line(1, { id: 't-1', kind: 'success', message: 'Proxy corp saved', at }),
      line(2, { id: 't-2', kind: 'success', message: '', messageKey: 'contactRequestSent', at }),
    ].join('\n')
    const result = replayLog(log, { partial: true })
    expect(result.errors).toEqual([])
    expect(result.state.notifications.toasts.map((t) => toastText(t.message))).toEqual([
      'Proxy corp saved',
      'Thank you for your request. We will be in touch via email soon.',
    ])
    // What the live console records now for the same toast.
    expect(
      Shown({ id: 't-1', kind: 'success', message: { key: 'saved', subject: 'proxy', name: 'corp' } }).data
        .message,
    ).toEqual({
      key: 'saved',
      subject: 'proxy',
      name: 'corp',
    })
  })
})
