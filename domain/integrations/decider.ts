/**
 * The integrations decider: catalogue loading and filters, and the git modal's state machine
 * (closed → form → select-service). Pure: ids and time come in `meta`, outcomes of calls come
 * back as events from the effects.
 */
import { left, right, type Either } from 'fp-ts/Either'
import type { CommandMeta } from '../shared/area'
import type { IntegrationsCommand } from './commands'
import {
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
import { filtersFromQuery, filtersToQuery, gitFormProblems, selectReposPath } from './rules'
import { initialIntegrationsState, type GitModal, type IntegrationsState } from './types'

type Decision = Either<string, ReadonlyArray<IntegrationsEvent>>
type FormModal = Extract<GitModal, { step: 'form' }>

const inForm = (s: IntegrationsState, then: (m: FormModal) => Decision): Decision =>
  s.modal.step === 'form' ? then(s.modal) : left('the git form is not open')

export function decide(command: IntegrationsCommand, s: IntegrationsState, meta: CommandMeta): Decision {
  switch (command.type) {
    case 'integrations/LoadCatalogue':
      return right([CatalogueRequested({ requestId: meta.id })])
    case 'integrations/ApplyFilters': {
      // Through the URL form: unknown categories or vendors drop out, order is the panel's.
      const filters = filtersFromQuery(filtersToQuery(command.filters))
      return filtersToQuery(filters) === filtersToQuery(s.filters)
        ? left('the filters did not change')
        : right([
            FiltersApplied({
              ...filters,
              categories: [...filters.categories],
              vendors: [...filters.vendors],
            }),
          ])
    }
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
        return right([ConnectionTestStarted({ requestId: meta.id })])
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
        return right([
          SaveStarted({ requestId: meta.id, kind: m.integrationKey === null ? 'create' : 'update' }),
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

const inFormEvolve = (s: IntegrationsState, f: (m: FormModal) => GitModal): IntegrationsState =>
  s.modal.step === 'form' ? { ...s, modal: f(s.modal) } : s

export function evolve(s: IntegrationsState, event: IntegrationsEvent): IntegrationsState {
  switch (event.type) {
    case 'integrations/CatalogueRequested':
      return { ...s, catalogue: { status: 'loading', requestId: event.data.requestId } }
    case 'integrations/CatalogueLoaded':
      if (s.catalogue.status !== 'loading' || s.catalogue.requestId !== event.data.requestId) return s
      return {
        ...s,
        catalogue: { status: 'loaded', requestId: event.data.requestId, value: event.data.entries },
      }
    case 'integrations/CatalogueLoadFailed':
      if (s.catalogue.status !== 'loading' || s.catalogue.requestId !== event.data.requestId) return s
      return {
        ...s,
        catalogue: { status: 'failed', requestId: event.data.requestId, failure: event.data.failure },
      }
    case 'integrations/FiltersApplied':
      return { ...s, filters: event.data }
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
      return inFormEvolve(s, (m) => ({
        ...m,
        form: event.data,
        test: 'notTested',
        popover: false,
        failure: null,
      }))
    case 'integrations/ConnectionTestStarted':
      return inFormEvolve(s, (m) => ({ ...m, test: 'testing', failure: null }))
    case 'integrations/ConnectionTestPassed':
      return inFormEvolve(s, (m) => (m.test === 'testing' ? { ...m, test: 'tested', popover: true } : m))
    case 'integrations/ConnectionTestFailed':
      return inFormEvolve(s, (m) =>
        m.test === 'testing' ? { ...m, test: 'failed', failure: 'testFailed' } : m,
      )
    case 'integrations/ConnectionTestReset':
      return inFormEvolve(s, (m) => ({ ...m, test: 'notTested', popover: false, failure: null }))
    case 'integrations/PopoverDismissed':
      return inFormEvolve(s, (m) => ({ ...m, popover: false }))
    case 'integrations/SaveStarted':
      return inFormEvolve(s, (m) => ({ ...m, saving: true, failure: null }))
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
        ...inFormEvolve(s, (m) => ({ ...m, saving: false, failure: 'createFailed' })),
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
        ...inFormEvolve(s, (m) => ({ ...m, saving: false, failure: 'updateFailed' })),
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
