import type { Failure } from '../shared/failure'
/**
 * The integrations decider: catalogue loading and filters, and the git modal's state machine
 * (closed → form → select-service). Pure: ids and time come in `meta`, outcomes of calls come
 * back as events from the effects.
 */
import { left, right, type Either } from 'fp-ts/Either'
import { produce, type Draft } from 'immer'
import type { CommandMeta, SliceArea } from '../shared/area'
import type { EventOf } from '../shared/events'
import { shellRoutes, type Location, type NavigationCommand } from '../navigation'
import type { NotificationsCommand } from '../notifications'
import type { SessionSlices, SignedOut } from '../session'
import type { IntegrationsCommand } from './commands'
import { integrationsCommandCodecs } from './commandCodecs.gen'
import {
  integrationsEvents,
  FiltersEdited,
  SetupRedirected,
  ToolOpened,
  ToolClosed,
  VendorListRequested,
  ReposRequested,
  RepoSelectionSaveStarted,
  CatalogueRequested,
  ConnectionTestReset,
  ConnectionTestStarted,
  DeleteStarted,
  FiltersApplied,
  GitFormEdited,
  GitModalClosed,
  GitModalOpened,
  PopoverDismissed,
  SaveStarted,
  ServiceChosen,
  type IntegrationsEvent,
} from './events'
import {
  filtersFromQuery,
  filtersToQuery,
  gitConnectionOf,
  gitFormProblems,
  OPEN_TOOL_ACTION,
  selectReposPath,
  setupActionPath,
} from './rules'
import { NOTICE_KIND } from './messages'
import { type CatalogueFilters, type GitModal, type IntegrationsState, type NoticeKey } from './types'
import { initialIntegrationsState } from './initial'

type Decision = Either<string, ReadonlyArray<IntegrationsEvent>>
type FormModal = Extract<GitModal, { step: 'form' }>

const inForm = (s: IntegrationsState, then: (m: FormModal) => Decision): Decision =>
  s.modal.step === 'form' ? then(s.modal) : left('the git form is not open')

/** Filters through the URL form: unknown categories or vendors drop out, order is the panel's. */
const canonical = (f: CatalogueFilters) => {
  const c = filtersFromQuery(filtersToQuery(f))
  return { ...c, categories: [...c.categories], vendors: [...c.vendors] }
}

/**
 * Who asks: only admins set up integrations and keep git integrations (spec 001, roles: others
 * get documentation only); an OAuth user's tool setup data carries an API key.
 */
export interface Asker {
  readonly admin: boolean
  readonly oauthUser: boolean
  /** Whose API key an OAuth user's tool setup asks for. */
  readonly name: string
}

/** What only an admin may ask, whatever a view shows (a script may send anything). */
const ADMIN_ONLY: ReadonlySet<IntegrationsCommand['type']> = new Set([
  'integrations/RunSetupAction',
  'integrations/OpenTool',
  'integrations/OpenGitModal',
  'integrations/DeleteIntegration',
  'integrations/SaveRepoSelection',
] as const)

export function decide(
  command: IntegrationsCommand,
  s: IntegrationsState,
  meta: CommandMeta,
  asker: Asker = { admin: true, oauthUser: false, name: '' },
): Decision {
  if (!asker.admin && ADMIN_ONLY.has(command.type)) return left('only an admin sets up integrations')
  switch (command.type) {
    case 'integrations/LoadCatalogue':
      return s.catalogue.status === 'loading'
        ? left('the catalogue is already loading')
        : right([CatalogueRequested({ requestId: meta.id })])
    case 'integrations/EditFilters': {
      const draft = canonical(command.filters)
      return filtersToQuery(draft) === filtersToQuery(s.draft) && draft.search === s.draft.search
        ? left('the filters did not change')
        : right([FiltersEdited(draft)])
    }
    case 'integrations/ApplyFilters': {
      const filters = canonical(command.filters)
      return filtersToQuery(filters) === filtersToQuery(s.filters) &&
        filtersToQuery(filters) === filtersToQuery(s.draft)
        ? left('the filters did not change')
        : right([FiltersApplied(filters)])
    }
    case 'integrations/RunSetupAction': {
      if (s.catalogue.status !== 'loaded') return left('the catalogue is not loaded')
      const entry = s.catalogue.data.find((e) => e.id === command.entryId)
      const action = entry?.configureAction
      if (!entry || !action) return left('this integration has no setup action')
      if (action.type === 'action') {
        if (action.actionName !== OPEN_TOOL_ACTION) return left(`unknown setup action ${action.actionName}`)
        const tool = action.payload['tool']
        return typeof tool === 'string'
          ? right([
              ToolOpened({ tool, requestId: meta.id, withApiKey: asker.oauthUser, userName: asker.name }),
            ])
          : left('the setup action names no tool')
      }
      const path = setupActionPath(action.actionName, action.payload, shellRoutes)
      return path === null
        ? left(`the setup action leads nowhere: ${action.actionName}`)
        : right([SetupRedirected({ entryId: entry.id, path })])
    }
    case 'integrations/OpenTool':
      return right([
        ToolOpened({
          tool: command.tool,
          requestId: meta.id,
          withApiKey: command.withApiKey,
          userName: asker.name,
        }),
      ])
    case 'integrations/CloseTool':
      return s.tool.step === 'closed' ? left('no tool is open') : right([ToolClosed({})])
    case 'integrations/LoadVendorList':
      return right([VendorListRequested({ requestId: meta.id, vendor: command.vendor })])
    case 'integrations/LoadRepos':
      return right([ReposRequested({ requestId: meta.id, integrationKey: command.integrationKey })])
    case 'integrations/SaveRepoSelection':
      if (s.reposSave.status === 'saving') return left('a save is under way')
      return right([
        RepoSelectionSaveStarted({
          requestId: meta.id,
          integrationKey: command.integrationKey,
          selected: [...new Set(command.selected)],
        }),
      ])
    case 'integrations/OpenGitModal': {
      const e = command.edit
      return right([
        GitModalOpened({
          vendor: command.vendor,
          integrationKey: e?.integrationKey ?? null,
          form: {
            userName: e?.userName ?? '',
            integrationName: e?.integrationName ?? '',
            url: e?.url ?? '',
            hasToken: false,
          },
        }),
      ])
    }
    case 'integrations/EditGitForm':
      return inForm(s, (m) => right([GitFormEdited({ ...m.form, [command.field]: command.value })]))
    case 'integrations/TokenTyped':
      return inForm(s, (m) =>
        m.form.hasToken === command.present
          ? left('the token presence did not change')
          : right([GitFormEdited({ ...m.form, hasToken: command.present })]),
      )
    case 'integrations/TestConnection':
      return inForm(s, (m) => {
        if (m.test === 'testing') return left('a connection test is under way')
        const problems = gitFormProblems(m.form, m.integrationKey !== null)
        if (problems.length > 0) return left(`the form is invalid: ${problems.join(', ')}`)
        if (m.integrationKey === null && command.tokenRef === undefined) return left('no token was given')
        return right([
          ConnectionTestStarted({
            requestId: meta.id,
            tokenRef: command.tokenRef ?? null,
            connection: gitConnectionOf(m),
          }),
        ])
      })
    case 'integrations/ResetConnectionTest':
      return inForm(s, () => right([ConnectionTestReset({})]))
    case 'integrations/DismissPopover':
      return inForm(s, (m) => (m.popover ? right([PopoverDismissed({})]) : left('no popover is shown')))
    case 'integrations/SaveIntegration':
      return inForm(s, (m) => {
        // A passed connection test is required before create (spec 001 rules).
        if (m.test !== 'tested') return left('the connection was not tested')
        if (m.saving) return left('a save is under way')
        if (gitFormProblems(m.form, m.integrationKey !== null).length > 0) return left('the form is invalid')
        if (m.integrationKey === null && command.tokenRef === undefined) return left('no token was given')
        return right([
          SaveStarted({
            requestId: meta.id,
            kind: m.integrationKey === null ? 'create' : 'update',
            tokenRef: command.tokenRef ?? null,
            connection: gitConnectionOf(m),
          }),
        ])
      })
    case 'integrations/DeleteIntegration':
      return right([DeleteStarted({ integrationKey: command.integrationKey })])
    case 'integrations/ChooseService':
      return s.modal.step === 'selectService'
        ? right([
            ServiceChosen({
              service: command.service,
              path: selectReposPath(s.modal.vendor, s.modal.integrationKey),
            }),
          ])
        : left('no integration was just created')
    case 'integrations/CloseGitModal':
      return s.modal.step === 'closed' ? left('the git modal is closed') : right([GitModalClosed({})])
  }
}

const closed: GitModal = { step: 'closed' }

// The git modal's form events change a few fields two levels down, and only while the form is
// open: an immer draft says just what changes, where spreads would restate the modal each time.
const inFormEvolve = (s: IntegrationsState, edit: (m: Draft<FormModal>) => void): IntegrationsState =>
  s.modal.step === 'form'
    ? produce(s, (d) => {
        if (d.modal.step === 'form') edit(d.modal)
      })
    : s

export /** The platform refused a changed address without its token (it never sends a saved one elsewhere). */
const tokenRequired = (failure: Failure): boolean =>
  failure.kind === 'status' && failure.code === 'TOKEN_REQUIRED'

function evolve(s: IntegrationsState, event: IntegrationsEvent): IntegrationsState {
  switch (event.type) {
    case 'integrations/FiltersEdited':
      return { ...s, draft: event.data }
    case 'integrations/SetupRedirected':
      return s
    case 'integrations/ToolOpened':
      return {
        ...s,
        tool: {
          step: 'open',
          tool: event.data.tool,
          setup: { status: 'loading', requestId: event.data.requestId },
        },
      }
    case 'integrations/ToolSetupReady':
      if (s.tool.step !== 'open' || s.tool.setup.requestId !== event.data.requestId) return s
      return { ...s, tool: { ...s.tool, setup: { status: 'ready', ...event.data } } }
    case 'integrations/ToolSetupFailed':
      if (s.tool.step !== 'open' || s.tool.setup.requestId !== event.data.requestId) return s
      return { ...s, tool: { ...s.tool, setup: { status: 'failed', ...event.data } } }
    case 'integrations/ToolApiKeyFailed':
      return s
    case 'integrations/ToolClosed':
      return { ...s, tool: { step: 'closed' } }
    case 'integrations/VendorListRequested':
      return { ...s, vendorList: { status: 'loading', requestId: event.data.requestId } }
    case 'integrations/VendorListLoaded':
      if (s.vendorList.status !== 'loading' || s.vendorList.requestId !== event.data.requestId) return s
      return {
        ...s,
        vendorList: { status: 'loaded', requestId: event.data.requestId, data: event.data.list },
      }
    case 'integrations/VendorListFailed':
      if (s.vendorList.status !== 'loading' || s.vendorList.requestId !== event.data.requestId) return s
      return { ...s, vendorList: { status: 'failed', ...event.data } }
    case 'integrations/ReposRequested':
      return {
        ...s,
        repos: { status: 'loading', requestId: event.data.requestId },
        reposSave: initialIntegrationsState.reposSave,
      }
    case 'integrations/ReposLoaded':
      if (s.repos.status !== 'loading' || s.repos.requestId !== event.data.requestId) return s
      return {
        ...s,
        repos: { status: 'loaded', requestId: event.data.requestId, data: event.data.repositories },
      }
    case 'integrations/ReposFailed':
      if (s.repos.status !== 'loading' || s.repos.requestId !== event.data.requestId) return s
      return { ...s, repos: { status: 'failed', ...event.data } }
    case 'integrations/RepoSelectionSaveStarted':
      return { ...s, reposSave: { status: 'saving', requestId: event.data.requestId } }
    case 'integrations/RepoSelectionSaved':
      if (s.reposSave.requestId !== event.data.requestId) return s
      return {
        ...s,
        reposSave: { status: 'saved', requestId: event.data.requestId },
        repos: { status: 'loaded', requestId: event.data.requestId, data: event.data.repositories },
      }
    case 'integrations/RepoSelectionSaveFailed':
      if (s.reposSave.requestId !== event.data.requestId) return s
      return { ...s, reposSave: { status: 'failed', requestId: event.data.requestId } }
    case 'integrations/CatalogueRequested':
      return { ...s, catalogue: { status: 'loading', requestId: event.data.requestId } }
    case 'integrations/CatalogueLoaded':
      if (s.catalogue.status !== 'loading' || s.catalogue.requestId !== event.data.requestId) return s
      return {
        ...s,
        catalogue: { status: 'loaded', requestId: event.data.requestId, data: event.data.entries },
      }
    case 'integrations/CatalogueLoadFailed':
      if (s.catalogue.status !== 'loading' || s.catalogue.requestId !== event.data.requestId) return s
      return {
        ...s,
        catalogue: { status: 'failed', requestId: event.data.requestId, failure: event.data.failure },
      }
    case 'integrations/FiltersApplied':
      return { ...s, filters: event.data, draft: event.data }
    case 'integrations/GitModalOpened':
      return {
        ...s,
        modal: {
          step: 'form',
          vendor: event.data.vendor,
          integrationKey: event.data.integrationKey,
          form: event.data.form,
          test: 'notTested',
          popover: false,
          saving: false,
          failure: null,
        },
      }
    case 'integrations/GitFormEdited':
      // A test vouches for the credentials it ran with: changing them asks for a new one.
      return inFormEvolve(s, (m) => {
        m.form = event.data
        m.test = 'notTested'
        m.popover = false
        m.failure = null
        delete m.testCause
      })
    case 'integrations/ConnectionTestStarted':
      return inFormEvolve(s, (m) => {
        m.test = 'testing'
        m.failure = null
        delete m.testCause
      })
    case 'integrations/ConnectionTestPassed':
      return inFormEvolve(s, (m) => {
        if (m.test !== 'testing') return
        m.test = 'tested'
        m.popover = true
      })
    case 'integrations/ConnectionTestFailed':
      if (s.modal.step !== 'form' || s.modal.test !== 'testing') return s
      return {
        ...inFormEvolve(s, (m) => {
          m.test = 'failed'
          m.failure = tokenRequired(event.data.failure) ? 'tokenRequired' : 'testFailed'
          if (event.data.cause !== undefined && m.failure === 'testFailed') m.testCause = event.data.cause
        }),
        notice: { key: 'integrations.testFailed', integrationKey: '' },
      }
    case 'integrations/ConnectionTestReset':
      return inFormEvolve(s, (m) => {
        m.test = 'notTested'
        m.popover = false
        m.failure = null
        delete m.testCause
      })
    case 'integrations/PopoverDismissed':
      return inFormEvolve(s, (m) => {
        m.popover = false
      })
    case 'integrations/SaveStarted':
      return inFormEvolve(s, (m) => {
        m.saving = true
        m.failure = null
        delete m.testCause
      })
    case 'integrations/IntegrationCreated':
      return {
        ...s,
        modal:
          s.modal.step === 'form'
            ? { step: 'selectService', vendor: s.modal.vendor, integrationKey: event.data.integrationKey }
            : s.modal,
        notice: { key: 'integrations.created', integrationKey: event.data.integrationKey },
        reloads: s.reloads + 1,
      }
    case 'integrations/IntegrationCreateFailed':
      return {
        ...inFormEvolve(s, (m) => {
          m.saving = false
          m.failure = 'createFailed'
          delete m.testCause
        }),
        notice: { key: 'integrations.createFailed', integrationKey: '' },
      }
    case 'integrations/IntegrationUpdated':
      return {
        ...s,
        modal: closed,
        notice: { key: 'integrations.updated', integrationKey: event.data.integrationKey },
        reloads: s.reloads + 1,
      }
    case 'integrations/IntegrationUpdateFailed':
      return {
        ...inFormEvolve(s, (m) => {
          m.saving = false
          m.failure = tokenRequired(event.data.failure) ? 'tokenRequired' : 'updateFailed'
          delete m.testCause
        }),
        notice: { key: 'integrations.updateFailed', integrationKey: '' },
      }
    case 'integrations/DeleteStarted':
      return s
    case 'integrations/IntegrationDeleted':
      return {
        ...s,
        notice: { key: 'integrations.deleted', integrationKey: event.data.integrationKey },
        reloads: s.reloads + 1,
      }
    case 'integrations/IntegrationDeleteFailed':
      return { ...s, notice: { key: 'integrations.deleteFailed', integrationKey: event.data.integrationKey } }
    case 'integrations/ServiceChosen':
    case 'integrations/GitModalClosed':
      // Closing resets the form, edit mode, popover, loading and step at once.
      return { ...s, modal: closed }
  }
}

export const integrationsDecider = { initialState: initialIntegrationsState, decide, evolve }

/** The commands the area's outcomes ask for: toasts, a navigation, a reload of its own. */
type Asked = NotificationsCommand | NavigationCommand | IntegrationsCommand

/** The toast each outcome gets (spec 001 error catalogue), worded by the area's messages. */
function toastOf(event: IntegrationsEvent): Asked | null {
  const show = (key: NoticeKey, integrationKey: string): Asked => ({
    type: 'notifications/Show',
    kind: NOTICE_KIND[key],
    message: { key, integrationKey },
  })
  switch (event.type) {
    case 'integrations/ConnectionTestFailed':
      return show('integrations.testFailed', '')
    case 'integrations/IntegrationCreated':
      return show('integrations.created', event.data.integrationKey)
    case 'integrations/IntegrationCreateFailed':
      return show('integrations.createFailed', '')
    case 'integrations/IntegrationUpdated':
      return show('integrations.updated', event.data.integrationKey)
    case 'integrations/IntegrationUpdateFailed':
      return show('integrations.updateFailed', '')
    case 'integrations/IntegrationDeleted':
      return show('integrations.deleted', event.data.integrationKey)
    case 'integrations/IntegrationDeleteFailed':
      return show('integrations.deleteFailed', event.data.integrationKey)
    default:
      return null
  }
}

type AreaEvent = IntegrationsEvent | EventOf<typeof SignedOut>

const isOwn = (event: AreaEvent): event is IntegrationsEvent => event.type.startsWith('integrations/')

/** What the area reads of the rest of the state: who asks, and where the browser is. */
export interface IntegrationsContext {
  readonly asker: Asker
  readonly location: Location
}

/** The slices the context is read from: the app's state is one. */
export interface IntegrationsSlices extends SessionSlices {
  readonly navigation: { readonly location: Location }
}

export const integrationsContextOf = (state: IntegrationsSlices): IntegrationsContext => ({
  asker: {
    admin: state.session.user?.admin === true,
    oauthUser: state.session.user?.realm === 'oauth',
    name: state.session.user?.name ?? '',
  },
  location: state.navigation.location,
})

/** The outcomes the git form shows as its failure (`modal.failure`). */
const FORM_FAILURES: ReadonlySet<string> = new Set([
  'integrations/ConnectionTestFailed',
  'integrations/IntegrationCreateFailed',
  'integrations/IntegrationUpdateFailed',
])

function policies(
  envelope: { readonly event: AreaEvent },
  slice: IntegrationsState,
  { location }: IntegrationsContext,
): ReadonlyArray<Asked> {
  const e = envelope.event
  if (!isOwn(e)) return []
  const out: Asked[] = []
  const toast = toastOf(e)
  // A failure the open form says beside its fields is not said again in a toast; one that
  // comes after the form closed has only the toast.
  const saidInForm = FORM_FAILURES.has(e.type) && slice.modal.step === 'form' && slice.modal.failure !== null
  if (toast && !saidInForm) out.push(toast)
  switch (e.type) {
    case 'integrations/FiltersApplied': {
      // The applied filters live in the URL: a filtered view is a shareable link.
      const to = `/integrations${filtersToQuery(e.data)}`
      if (location.path === '/integrations' && `${location.path}${location.query}` !== to)
        out.push({ type: 'navigation/Navigate', to, replace: true })
      break
    }
    case 'integrations/SetupRedirected':
    case 'integrations/ServiceChosen':
      out.push({ type: 'navigation/Navigate', to: e.data.path })
      break
    case 'integrations/IntegrationUpdated':
    case 'integrations/IntegrationDeleted':
    case 'integrations/IntegrationCreated': {
      // After a change the vendor table reloads (spec 001: "integrations are reloaded").
      const list = slice.vendorList
      const vendor = list.status === 'loaded' ? list.data.vendor : null
      if (vendor) out.push({ type: 'integrations/LoadVendorList', vendor })
      break
    }
  }
  return out
}

/** The integrations area on the bus: the slice decider above, plus what its outcomes ask for. */
export const integrationsArea: SliceArea<
  'integrations',
  IntegrationsState,
  IntegrationsCommand,
  AreaEvent,
  IntegrationsContext,
  Asked,
  IntegrationsSlices
> = {
  key: 'integrations',
  initialState: initialIntegrationsState,
  events: integrationsEvents,
  commands: integrationsCommandCodecs,
  contextOf: integrationsContextOf,
  decide: (command, slice, { asker }, meta) => decide(command, slice, meta, asker),
  evolve: (slice, event) => {
    if (event.type === 'session/SignedOut') return initialIntegrationsState
    return isOwn(event) ? evolve(slice, event) : slice
  },
  evolvesOn: ['session/SignedOut'],
  policies,
}
