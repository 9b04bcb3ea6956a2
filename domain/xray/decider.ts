import { left, right } from 'fp-ts/Either'
import type { SliceArea } from '../shared/area'
import type { SessionEvent } from '../session/events'
import { awaits, reloading } from '../shared/loadable'
import { ChangeDismissed, ChangeRequested, Requested, xrayEvents, type XrayEvent } from './events'
import type { XrayCommand } from './commands'
import { initialXrayState } from './initial'
import { xrayCommandCodecs } from './commandCodecs.gen'
import { policyRefusal, watchRefusal } from './forms'
import {
  RELOADED_AFTER,
  REPORT_BUILDS_MAX,
  REPORT_BUILD_NAME_MAX,
  REPORT_NAME_MAX,
  changeSubject,
  isHttpUrl,
  reportBuilds,
} from './rules'
import type { XrayAsk, XrayChange, XrayChangeKind, XrayLoadable, XrayState, XrayWhat } from './types'

type Slot = XrayLoadable<XrayWhat>

function evolve(s: XrayState, event: XrayEvent | SessionEvent): XrayState {
  if (event.type === 'session/SignedOut') return initialXrayState
  if (!event.type.startsWith('xray/')) return s
  const e = event as XrayEvent
  switch (e.type) {
    case 'xray/Requested': {
      const what = e.data.ask.what
      const current = s[what] as Slot
      return { ...s, [what]: { ...reloading(current, e.data.requestId), ask: e.data.ask } }
    }
    case 'xray/Loaded': {
      const what = e.data.answer.what
      const current = s[what] as Slot
      if (!awaits(current, e.data.requestId)) return s
      return {
        ...s,
        [what]: { status: 'loaded', data: e.data.answer.data, ...(current.ask ? { ask: current.ask } : {}) },
      }
    }
    case 'xray/LoadFailed': {
      const current = s[e.data.what] as Slot
      if (!awaits(current, e.data.requestId)) return s
      return {
        ...s,
        [e.data.what]: {
          status: 'failed',
          failure: e.data.failure,
          ...(current.ask ? { ask: current.ask } : {}),
        },
      }
    }
    case 'xray/ChangeRequested':
      return {
        ...s,
        change: {
          status: 'pending',
          requestId: e.data.requestId,
          kind: e.data.change.kind,
          subject: changeSubject(e.data.change),
        },
      }
    case 'xray/Changed':
      if (s.change.status !== 'pending' || s.change.requestId !== e.data.requestId) return s
      return { ...s, change: { ...s.change, status: 'done' } }
    case 'xray/ChangeFailed':
      if (s.change.status !== 'pending' || s.change.requestId !== e.data.requestId) return s
      return { ...s, change: { ...s.change, status: 'failed', failure: e.data.failure } }
    case 'xray/ChangeDismissed':
      return s.change.status === 'pending' ? s : { ...s, change: { status: 'idle' } }
  }
}

/** One change at a time: a second click while one is on its way is refused, not queued. */
const change = (slice: XrayState, requestId: string, c: XrayChange) =>
  slice.change.status === 'pending'
    ? left('a change is on its way')
    : right([ChangeRequested({ requestId, change: c })])

export const xrayArea: SliceArea<'xray', XrayState, XrayCommand, XrayEvent, undefined, XrayCommand> = {
  key: 'xray',
  commands: xrayCommandCodecs,
  initialState: initialXrayState,
  events: xrayEvents,
  decide: (command, slice, _context, meta) => {
    switch (command.type) {
      case 'xray/Load':
        return right([Requested({ requestId: meta.id, ask: command.ask })])
      case 'xray/SavePolicy': {
        const refused = policyRefusal(command.policy)
        if (refused) return left(refused)
        return change(slice, meta.id, { kind: 'savePolicy', policy: command.policy, create: command.create })
      }
      case 'xray/DeletePolicy':
        return change(slice, meta.id, { kind: 'deletePolicy', name: command.name })
      case 'xray/SaveWatch': {
        const refused = watchRefusal(command.watch)
        if (refused) return left(refused)
        return change(slice, meta.id, { kind: 'saveWatch', watch: command.watch, create: command.create })
      }
      case 'xray/DeleteWatch':
        return change(slice, meta.id, { kind: 'deleteWatch', name: command.name })
      case 'xray/IgnoreViolation': {
        const r = command.rule
        if (r.reason.trim() === '') return left('an ignore rule needs a reason')
        if (!r.issue && !r.component && !r.version && !r.watch && !r.policy)
          return left('an ignore rule needs a scope')
        if (r.expires !== undefined && !(Date.parse(r.expires) > Date.parse(meta.now)))
          return left('an ignore rule cannot expire in the past')
        return change(slice, meta.id, { kind: 'ignore', rule: r })
      }
      case 'xray/RemoveIgnoreRule':
        return change(slice, meta.id, { kind: 'removeIgnoreRule', id: command.id })
      case 'xray/Rescan':
        return change(slice, meta.id, { kind: 'rescan', versionId: command.versionId })
      case 'xray/SaveIndexedResources':
        return change(slice, meta.id, { kind: 'saveIndexed', repositories: [...command.repositories] })
      case 'xray/SaveSettings':
        if (!(Number.isInteger(command.settings.retentionDays) && command.settings.retentionDays >= 1))
          return left('retention is a whole number of days')
        return change(slice, meta.id, { kind: 'saveSettings', settings: command.settings })
      case 'xray/ImportAdvisories':
        if (!isHttpUrl(command.url)) return left('an import needs an http(s) address')
        return change(slice, meta.id, { kind: 'importAdvisories', url: command.url })
      case 'xray/ImportAdvisoryFile':
        if (command.fileRef === '') return left('an import needs a file')
        return change(slice, meta.id, {
          kind: 'importAdvisoryFile',
          fileRef: command.fileRef,
          name: command.name.trim() || 'upload',
        })
      case 'xray/RescanImport':
        return change(slice, meta.id, { kind: 'rescanImport', id: command.id })
      case 'xray/CreateReport': {
        const name = command.name.trim()
        if (name.length > REPORT_NAME_MAX)
          return left(`a report's name is at most ${REPORT_NAME_MAX} characters`)
        const builds = reportBuilds(command.builds)
        if (builds.some((b) => b.length > REPORT_BUILD_NAME_MAX))
          return left(`a build's name is at most ${REPORT_BUILD_NAME_MAX} characters`)
        if (builds.length > REPORT_BUILDS_MAX)
          return left(`a report covers at most ${REPORT_BUILDS_MAX} builds`)
        return change(slice, meta.id, {
          kind: 'createReport',
          report: { kind: command.kind, name, repositories: [...command.repositories], builds },
        })
      }
      case 'xray/DeleteReport':
        return change(slice, meta.id, { kind: 'deleteReport', id: command.id, name: command.name })
      case 'xray/ScanGitRepositories':
        return change(slice, meta.id, { kind: 'scanGit' })
      case 'xray/DismissChange':
        return right([ChangeDismissed({})])
    }
  },
  evolve,
  evolvesOn: ['session/SignedOut'],
  // After a change, the lists it alters that a screen has asked for are asked again, as they were.
  policies: (envelope, slice) => {
    const event = envelope.event
    if (event.type !== 'xray/Changed') return []
    // An own key only: a replayed log's unknown kind (`toString`) must not reach Object's members.
    const kind = event.data.kind as XrayChangeKind
    const reloaded = Object.hasOwn(RELOADED_AFTER, kind) ? RELOADED_AFTER[kind] : []
    return reloaded.flatMap((what) => {
      const ask = slice[what].ask as XrayAsk | undefined
      return ask === undefined ? [] : [{ type: 'xray/Load' as const, ask }]
    })
  },
}
