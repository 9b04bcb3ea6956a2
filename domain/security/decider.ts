import { left, right } from 'fp-ts/Either'
import type { SliceArea } from '../shared/area'
import type { SessionEvent } from '../session/events'
import type { NotificationsCommand, ToastSubject } from '../notifications'
import { LoadRequested, SaveRequested, TestRequested, securityEvents, type SecurityEvent } from './events'
import type { SecurityCommand } from './commands'
import { PAGE_SPECS, settingsToSend, validateSecuritySettings } from './rules'
import { type SecurityPage, type SecurityPageState, type SecurityState } from './types'
import { initialSecurityState } from './initial'
import { securityCommandCodecs } from './commandCodecs.gen'

// What the saved toast names (the catalogue words it).
const SUBJECTS: Readonly<Record<SecurityPage, ToastSubject>> = {
  general: 'securitySettings',
  saml: 'samlSettings',
  oauth: 'oauthSettings',
  ldap: 'ldapSettings',
  crowd: 'crowdSettings',
  httpsso: 'httpSsoSettings',
}

function update(
  slice: SecurityState,
  page: SecurityPage,
  change: (p: SecurityPageState) => SecurityPageState,
) {
  return { ...slice, pages: { ...slice.pages, [page]: change(slice.pages[page]) } }
}

const answers = (p: SecurityPageState['save' | 'test'], requestId: string) =>
  p.status === 'pending' && p.requestId === requestId

function evolve(slice: SecurityState, event: SecurityEvent | SessionEvent): SecurityState {
  switch (event.type) {
    case 'security/LoadRequested':
      return update(slice, event.data.page, (p) => ({
        ...p,
        settings: { status: 'loading', requestId: event.data.requestId },
        save: { status: 'idle' },
        problems: {},
      }))
    case 'security/Loaded': {
      const { page, requestId, values } = event.data
      return update(slice, page, (p) =>
        p.settings.status === 'loading' && p.settings.requestId === requestId
          ? { ...p, settings: { status: 'loaded', data: values } }
          : p,
      )
    }
    case 'security/LoadFailed': {
      const { page, requestId, failure } = event.data
      return update(slice, page, (p) =>
        p.settings.status === 'loading' && p.settings.requestId === requestId
          ? { ...p, settings: { status: 'failed', failure } }
          : p,
      )
    }
    case 'security/SaveRequested':
      return update(slice, event.data.page, (p) => ({
        ...p,
        save: { status: 'pending', requestId: event.data.requestId },
        problems: {},
      }))
    case 'security/Saved': {
      const { page, requestId, values } = event.data
      return update(slice, page, (p) =>
        answers(p.save, requestId)
          ? { ...p, save: { status: 'done', requestId }, settings: { status: 'loaded', data: values } }
          : p,
      )
    }
    case 'security/SaveFailed': {
      const { page, requestId, failure, problems } = event.data
      return update(slice, page, (p) =>
        answers(p.save, requestId) ? { ...p, save: { status: 'failed', requestId, failure }, problems } : p,
      )
    }
    case 'security/TestRequested':
      return update(slice, event.data.page, (p) => ({
        ...p,
        test: { status: 'pending', requestId: event.data.requestId },
        tested: {},
      }))
    case 'security/Tested': {
      const { page, requestId, found } = event.data
      return update(slice, page, (p) =>
        answers(p.test, requestId) ? { ...p, test: { status: 'done', requestId }, tested: found } : p,
      )
    }
    case 'security/TestFailed': {
      const { page, requestId, failure } = event.data
      return update(slice, page, (p) =>
        answers(p.test, requestId) ? { ...p, test: { status: 'failed', requestId, failure } } : p,
      )
    }
    case 'session/SignedOut':
      return initialSecurityState
    default:
      return slice
  }
}

export const securityArea: SliceArea<
  'security',
  SecurityState,
  SecurityCommand,
  SecurityEvent,
  undefined,
  NotificationsCommand
> = {
  key: 'security',
  commands: securityCommandCodecs,
  initialState: initialSecurityState,
  events: securityEvents,
  decide: (command, slice, _context, meta) => {
    const page = slice.pages[command.page]
    switch (command.type) {
      case 'security/Load':
        return right([LoadRequested({ page: command.page, requestId: meta.id })])
      case 'security/Save': {
        if (page.save.status === 'pending') return left('a save of this page is under way')
        const problems = validateSecuritySettings(command.page, command.values, {
          secretTyped: command.secretRef !== undefined,
        })
        const first = Object.entries(problems)[0]
        if (first) return left(`invalid form: ${first[0]}: ${first[1].key}`)
        return right([
          SaveRequested({
            page: command.page,
            requestId: meta.id,
            values: settingsToSend(command.page, command.values),
            secretRef: command.secretRef ?? null,
          }),
        ])
      }
      case 'security/Test': {
        if (!PAGE_SPECS[command.page].testField) return left('this page has no connection test')
        if (command.target.trim() === '') return left('nothing to test the connection to')
        return right([
          TestRequested({ page: command.page, requestId: meta.id, target: command.target.trim() }),
        ])
      }
    }
  },
  evolve,
  evolvesOn: ['session/SignedOut'],
  policies: (envelope) =>
    envelope.event.type === 'security/Saved'
      ? [
          {
            type: 'notifications/Show',
            kind: 'success',
            message: { key: 'saved', subject: SUBJECTS[envelope.event.data.page] },
          },
        ]
      : [],
}
