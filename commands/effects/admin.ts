import { filter, mergeMap, switchMap } from 'rxjs'
import { isLeft, left, right } from 'fp-ts/Either'
import type { AdminApi, Ports, Result } from '../../adapters/ports'
import {
  LoadFailed,
  Loaded,
  PASSWORD_LOST,
  SaveFailed,
  Saved,
  type AdminPayload,
  type SaveOp,
} from '../../domain/admin/events'
import type { AdminResource } from '../../domain/admin/types'
import { FeaturesLoaded, FooterLoaded } from '../../domain/platform/events'
import type { Effect, EffectTable } from './types'
import { ofType, request } from './operators'

async function fetchResource(
  api: AdminApi,
  resource: AdminResource,
  key?: string,
): Promise<Result<AdminPayload>> {
  const as = <V>(answer: Result<V>): Result<AdminPayload> =>
    isLeft(answer) ? answer : right({ resource, value: answer.right } as unknown as AdminPayload)
  switch (resource) {
    case 'generalConfig':
      return as(await api.generalConfig())
    case 'licenses':
      return as(await api.licenses())
    case 'proxies':
      return as(await api.proxies())
    case 'projects':
      return as(await api.projects())
    case 'peers':
      return as(await api.peers())
    case 'members':
      return as(await api.members(key ?? ''))
    case 'users':
      return as(await api.users())
    case 'groups':
      return as(await api.groups())
    case 'permissions':
      return as(await api.permissions())
  }
}

async function runSave(ports: Ports, op: SaveOp): Promise<Result<unknown>> {
  const api = ports.adminApi
  switch (op.kind) {
    case 'saveGeneralConfig':
      return api.saveGeneralConfig(op.config)
    case 'uploadLogo': {
      const image = ports.files.take(op.fileRef)
      return image === undefined ? left(LOGO_LOST) : api.uploadLogo(image)
    }
    case 'removeLogo':
      return api.removeLogo()
    case 'saveProxy': {
      const { passwordRef, ...proxy } = op.proxy
      // The secret leaves the vault only here, on its way to the server.
      const password = passwordRef ? ports.secrets.take(passwordRef) : undefined
      return api.saveProxy(op.create, password ? { ...proxy, password } : proxy)
    }
    case 'deleteProxy':
      return api.deleteProxy(op.key)
    case 'createProject':
      return api.createProject(op.project)
    case 'saveMembers':
      return api.saveMembers(op.key, op.members)
    case 'saveUser': {
      const { passwordRef, ...user } = op.user
      const password = passwordRef ? ports.secrets.take(passwordRef) : undefined
      // A reference whose secret is gone (taken already) must not create a user without a password.
      if (passwordRef && password === undefined)
        return left({ kind: 'network', code: PASSWORD_LOST, message: '' })
      return api.saveUser(op.create, password ? { ...user, password } : user)
    }
    case 'deleteUser':
      return api.deleteUser(op.name)
    case 'inviteUser':
      return api.invite(op.email)
    case 'saveGroup':
      return api.saveGroup(op.create, op.group)
    case 'deleteGroup':
      return api.deleteGroup(op.name)
    case 'savePermission':
      return api.savePermission(op.create, op.permission)
    case 'deletePermission':
      return api.deletePermission(op.name)
  }
}

const load: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('admin/LoadRequested'),
    mergeMap((envelope) => {
      const { resource, requestId, key } = envelope.event.data
      return request(envelope, () => fetchResource(ports.adminApi, resource, key), {
        done: (data) => Loaded({ requestId, data }),
        failed: (failure) => LoadFailed({ resource, requestId, failure }),
      })
    }),
  )

const save: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('admin/SaveRequested'),
    mergeMap((envelope) => {
      const { form, requestId, op } = envelope.event.data
      return request(envelope, () => runSave(ports, op), {
        done: () => Saved({ form, requestId, op }),
        failed: (failure) => SaveFailed({ form, requestId, failure }),
      })
    }),
  )

// The chosen image was taken from the stash already (a second save of one choice): not sent.
const LOGO_LOST = { kind: 'aborted', message: 'the chosen image is gone; choose it again' } as const

/**
 * What the top bar and the account-portal route read (server name, logos, portal) comes with
 * the footer: it is asked again after the general settings or the logo change.
 */
const FOOTER_CHANGES: ReadonlySet<string> = new Set(['saveGeneralConfig', 'uploadLogo', 'removeLogo'])
const reloadFooter: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('admin/Saved'),
    filter((envelope) => FOOTER_CHANGES.has(envelope.event.data.op.kind)),
    switchMap((envelope) =>
      request(envelope, () => ports.platformApi.footer(), {
        done: (footer) => FooterLoaded({ footer }),
        // The footer shown stays; the next start asks again.
        failed: () => [],
      }),
    ),
  )

/**
 * Saved general settings may switch read-only mode: the features are asked again, so this
 * console blocks (or frees) the options at once rather than at its next start.
 */
const reloadFeatures: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('admin/Saved'),
    filter((envelope) => envelope.event.data.op.kind === 'saveGeneralConfig'),
    switchMap((envelope) =>
      request(envelope, () => ports.platformApi.features(), {
        done: (features) => FeaturesLoaded({ features: { ...features } }),
        // The features known stay; the next start asks again.
        failed: () => [],
      }),
    ),
  )

export const adminEffects: EffectTable = { load, save, reloadFeatures, reloadFooter }
