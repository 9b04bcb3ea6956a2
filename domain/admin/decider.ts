import { left, right } from 'fp-ts/Either'
import type { AppArea, AppCommand, AppEvent } from '../app'
import { FormReset, LoadRequested, SaveRequested, adminEvents, type SaveOp } from './events'
import { initialAdminState, type AdminResource, type AdminState } from './types'
import {
  MANDATORY,
  validateGeneralConfig,
  validateGroup,
  validateInvitation,
  validatePermission,
  validateProject,
  validateProxy,
  validateUser,
} from './validation'

function validate(op: SaveOp): string | undefined {
  switch (op.kind) {
    case 'saveGeneralConfig':
      return Object.values(validateGeneralConfig(op.config))[0]
    case 'saveProxy':
      return Object.values(validateProxy({ ...op.proxy, port: String(op.proxy.port) }))[0]
    case 'createProject':
      return Object.values(validateProject(op.project))[0]
    case 'saveUser':
      // The password itself is in the vault: only whether there is one can be checked here.
      if (op.create && !op.user.passwordRef) return `password: ${MANDATORY}`
      return Object.values(validateUser({ ...op.user, password: undefined, create: op.create }))[0]
    case 'inviteUser':
      return Object.values(validateInvitation(op))[0]
    case 'saveGroup':
      return Object.values(validateGroup(op.group))[0]
    case 'savePermission':
      return Object.values(validatePermission(op.permission))[0]
    default:
      return undefined
  }
}

function evolve(slice: AdminState, event: AppEvent): AdminState {
  switch (event.type) {
    case 'admin/LoadRequested': {
      const { resource, requestId, key } = event.data
      return {
        ...slice,
        resources: { ...slice.resources, [resource]: { status: 'loading', requestId } },
        ...(resource === 'members' ? { membersOf: key } : {}),
      }
    }
    case 'admin/Loaded': {
      const { resource, value } = event.data.data
      const current = slice.resources[resource]
      if (current.status !== 'loading' || current.requestId !== event.data.requestId) return slice
      return { ...slice, resources: { ...slice.resources, [resource]: { status: 'loaded', data: value } } }
    }
    case 'admin/LoadFailed': {
      const current = slice.resources[event.data.resource]
      if (current.status !== 'loading' || current.requestId !== event.data.requestId) return slice
      return {
        ...slice,
        resources: {
          ...slice.resources,
          [event.data.resource]: { status: 'failed', failure: event.data.failure },
        },
      }
    }
    case 'admin/SaveRequested':
      return {
        ...slice,
        forms: { ...slice.forms, [event.data.form]: { status: 'pending', requestId: event.data.requestId } },
      }
    case 'admin/Saved':
      return {
        ...slice,
        forms: { ...slice.forms, [event.data.form]: { status: 'done', requestId: event.data.requestId } },
      }
    case 'admin/SaveFailed':
      return {
        ...slice,
        forms: {
          ...slice.forms,
          [event.data.form]: {
            status: 'failed',
            requestId: event.data.requestId,
            failure: event.data.failure,
          },
        },
      }
    case 'admin/FormReset':
      return { ...slice, forms: { ...slice.forms, [event.data.form]: { status: 'idle' } } }
    case 'session/SignedOut':
      return initialAdminState
    default:
      return slice
  }
}

/** After a save, the list it changed is loaded again and the page the user came from opens. */
function afterSave(op: SaveOp): ReadonlyArray<AppCommand> {
  const reload = (resource: AdminResource, key?: string): AppCommand =>
    key === undefined ? { type: 'admin/Load', resource } : { type: 'admin/Load', resource, key }
  switch (op.kind) {
    case 'saveGeneralConfig':
      return [{ type: 'notifications/Show', kind: 'success', message: 'General settings saved' }]
    case 'saveProxy':
      return [
        reload('proxies'),
        { type: 'notifications/Show', kind: 'success', message: `Proxy ${op.proxy.key} saved` },
        { type: 'navigation/Navigate', to: '/admin/proxies/configuration/list' },
      ]
    case 'deleteProxy':
      return [
        reload('proxies'),
        { type: 'notifications/Show', kind: 'success', message: `Proxy ${op.key} deleted` },
      ]
    case 'createProject':
      return [
        reload('projects'),
        { type: 'notifications/Show', kind: 'success', message: `Project ${op.project.name} created` },
        { type: 'navigation/Navigate', to: `/admin/projects/overview/${encodeURIComponent(op.project.key)}` },
      ]
    case 'saveMembers':
      return [
        reload('members', op.key),
        { type: 'notifications/Show', kind: 'success', message: 'Project members saved' },
      ]
    case 'saveUser':
      return [
        reload('users'),
        reload('groups'),
        { type: 'notifications/Show', kind: 'success', message: `User ${op.user.name} saved` },
        { type: 'navigation/Navigate', to: '/admin/management/users' },
      ]
    case 'deleteUser':
      return [
        reload('users'),
        { type: 'notifications/Show', kind: 'success', message: `User ${op.name} deleted` },
      ]
    case 'inviteUser':
      return [{ type: 'notifications/Show', kind: 'success', message: `Invitation sent to ${op.email}` }]
    case 'saveGroup':
      return [
        reload('groups'),
        reload('users'),
        { type: 'notifications/Show', kind: 'success', message: `Group ${op.group.name} saved` },
        { type: 'navigation/Navigate', to: '/admin/management/groups' },
      ]
    case 'deleteGroup':
      return [
        reload('groups'),
        { type: 'notifications/Show', kind: 'success', message: `Group ${op.name} deleted` },
      ]
    case 'savePermission':
      return [
        reload('permissions'),
        { type: 'notifications/Show', kind: 'success', message: `Permission ${op.permission.name} saved` },
        { type: 'navigation/Navigate', to: '/admin/management/permissions' },
      ]
    case 'deletePermission':
      return [
        reload('permissions'),
        { type: 'notifications/Show', kind: 'success', message: `Permission ${op.name} deleted` },
      ]
  }
}

export const adminArea: AppArea<'admin'> = {
  key: 'admin',
  initialState: initialAdminState,
  events: adminEvents,
  decide: (command, state, meta) => {
    switch (command.type) {
      case 'admin/Load':
        if (command.resource === 'members' && !command.key)
          return left('members are loaded for a project key')
        return right([
          LoadRequested({
            resource: command.resource,
            requestId: meta.id,
            ...(command.key === undefined ? {} : { key: command.key }),
          }),
        ])
      case 'admin/Save': {
        if (state.admin.forms[command.form].status === 'pending')
          return left('a save of this form is under way')
        const problem = validate(command.op)
        if (problem) return left(`invalid form: ${problem}`)
        return right([SaveRequested({ form: command.form, requestId: meta.id, op: command.op })])
      }
      case 'admin/ResetForm':
        return state.admin.forms[command.form].status === 'idle'
          ? right([])
          : right([FormReset({ form: command.form })])
    }
  },
  evolve,
  policies: (envelope) => (envelope.event.type === 'admin/Saved' ? afterSave(envelope.event.data.op) : []),
}
