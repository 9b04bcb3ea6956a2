import { left, right } from 'fp-ts/Either'
import type { SliceArea } from '../shared/area'
import type { SessionEvent } from '../session/events'
import type { NavigationCommand } from '../navigation'
import { FormReset, LoadRequested, SaveRequested, adminEvents, type AdminEvent, type SaveOp } from './events'
import type { AdminCommand } from './commands'
import { type AdminResource, type AdminState } from './types'
import { initialAdminState } from './initial'
import type { NotificationsCommand, ToastMessage } from '../notifications'
import {
  MANDATORY,
  validateGeneralConfig,
  validateGroup,
  validateInvitation,
  validatePermission,
  validateProject,
  validateProxy,
  validateUser,
  type Problems,
} from './validation'
import { adminCommandCodecs } from './commandCodecs.gen'
import { withBaseUrlTrailingSlash } from '../shared/forms'

/** What is saved: a base URL gets its trailing slash by the generic rule (spec 000 section 5). */
function normalised(op: SaveOp): SaveOp {
  if (op.kind !== 'saveGeneralConfig' || op.config.baseUrl.trim() === '') return op
  return { ...op, config: { ...op.config, baseUrl: withBaseUrlTrailingSlash(op.config.baseUrl.trim()) } }
}

/** The first problem as `field: key` (a rejection's reason), or undefined. */
function first(problems: Problems<string>): string | undefined {
  const found = Object.entries(problems).find(([, p]) => p !== undefined)
  return found === undefined ? undefined : `${found[0]}: ${found[1]!.key}`
}

function validate(op: SaveOp): string | undefined {
  switch (op.kind) {
    case 'saveGeneralConfig':
      return first(validateGeneralConfig(op.config))
    case 'saveProxy':
      return first(validateProxy({ ...op.proxy, port: String(op.proxy.port) }))
    case 'createProject':
      return first(validateProject(op.project))
    case 'saveUser':
      // The password itself is in the vault: only whether there is one can be checked here.
      if (op.create && !op.user.passwordRef) return first({ password: MANDATORY })
      return first(validateUser({ ...op.user, password: undefined, create: op.create }))
    case 'inviteUser':
      return first(validateInvitation(op))
    case 'saveGroup':
      return first(validateGroup(op.group))
    case 'savePermission':
      return first(validatePermission(op.permission))
    default:
      return undefined
  }
}

/** The commands the area's policies ask for. */
type Asked = AdminCommand | NotificationsCommand | NavigationCommand

function evolve(slice: AdminState, event: AdminEvent | SessionEvent): AdminState {
  switch (event.type) {
    case 'admin/LoadRequested': {
      const { resource, requestId, key } = event.data
      const current = slice.resources[resource]
      // Reloading the same thing keeps it on screen (a confirmation opened on it stays open);
      // another project's members are never shown, even while a reload of the first is pending.
      const same = resource !== 'members' || slice.membersOf === key
      const previous = !same
        ? {}
        : current.status === 'loaded'
          ? { previous: current.data }
          : current.status === 'loading' && current.previous !== undefined
            ? { previous: current.previous }
            : {}
      return {
        ...slice,
        resources: { ...slice.resources, [resource]: { status: 'loading', requestId, ...previous } },
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

const reload = (resource: AdminResource, key?: string): Asked =>
  key === undefined ? { type: 'admin/Load', resource } : { type: 'admin/Load', resource, key }

/** The lists a save changed load again, a success toast says what happened, and maybe a page opens. */
function done(message: ToastMessage, reloads: ReadonlyArray<Asked>, to?: string): ReadonlyArray<Asked> {
  const toast: Asked = { type: 'notifications/Show', kind: 'success', message }
  return to === undefined ? [...reloads, toast] : [...reloads, toast, { type: 'navigation/Navigate', to }]
}

const MANAGEMENT = '/admin/management'

function afterSave(op: SaveOp): ReadonlyArray<Asked> {
  switch (op.kind) {
    case 'saveGeneralConfig':
    case 'uploadLogo':
    case 'removeLogo':
      return done({ key: 'saved', subject: 'generalSettings' }, [])
    case 'saveProxy':
      return done(
        { key: 'saved', subject: 'proxy', name: op.proxy.key },
        [reload('proxies')],
        '/admin/proxies/configuration/list',
      )
    case 'deleteProxy':
      return done({ key: 'deleted', subject: 'proxy', name: op.key }, [reload('proxies')])
    case 'createProject':
      return done(
        { key: 'created', subject: 'project', name: op.project.name },
        [reload('projects')],
        `/admin/projects/overview/${encodeURIComponent(op.project.key)}`,
      )
    case 'saveMembers':
      return done({ key: 'saved', subject: 'projectMembers' }, [reload('members', op.key)])
    // A user's groups and a group's members are two views of one membership: both lists reload.
    case 'saveUser':
      return done(
        { key: 'saved', subject: 'user', name: op.user.name },
        [reload('users'), reload('groups')],
        `${MANAGEMENT}/users`,
      )
    case 'deleteUser':
      return done({ key: 'deleted', subject: 'user', name: op.name }, [reload('users')])
    case 'inviteUser':
      return done({ key: 'invitationSent', email: op.email }, [])
    case 'saveGroup':
      return done(
        { key: 'saved', subject: 'group', name: op.group.name },
        [reload('groups'), reload('users')],
        `${MANAGEMENT}/groups`,
      )
    case 'deleteGroup':
      return done({ key: 'deleted', subject: 'group', name: op.name }, [reload('groups')])
    case 'savePermission':
      return done(
        { key: 'saved', subject: 'permission', name: op.permission.name },
        [reload('permissions')],
        `${MANAGEMENT}/permissions`,
      )
    case 'deletePermission':
      return done({ key: 'deleted', subject: 'permission', name: op.name }, [reload('permissions')])
  }
}

export const adminArea: SliceArea<'admin', AdminState, AdminCommand, AdminEvent, undefined, Asked> = {
  key: 'admin',
  commands: adminCommandCodecs,
  initialState: initialAdminState,
  events: adminEvents,
  decide: (command, slice, _context, meta) => {
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
        if (slice.forms[command.form].status === 'pending') return left('a save of this form is under way')
        const problem = validate(command.op)
        if (problem) return left(`invalid form: ${problem}`)
        return right([SaveRequested({ form: command.form, requestId: meta.id, op: normalised(command.op) })])
      }
      case 'admin/ResetForm':
        return slice.forms[command.form].status === 'idle'
          ? right([])
          : right([FormReset({ form: command.form })])
    }
  },
  evolve,
  evolvesOn: ['session/SignedOut'],
  policies: (envelope) => (envelope.event.type === 'admin/Saved' ? afterSave(envelope.event.data.op) : []),
}
