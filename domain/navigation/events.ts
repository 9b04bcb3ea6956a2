import * as t from 'io-ts'
import { defineEvent, movesRecordedTime, type EventOf } from '../shared/events'

const Location = t.type({ path: t.string, query: t.string })

/**
 * v1 of Navigated carried `atMs`, the deciding clock's time beside the envelope's `at`; v2 has
 * none, and evolve takes the time from the envelope. The v1 value is kept as `recordedAtMs`: the
 * navigation state's last activity was folded from it, and an older log's trailer hashes that.
 */
export const upcastNavigatedV1 = movesRecordedTime('atMs', 'recordedAtMs')

/** A navigation was accepted: `mode` says how the browser history follows (pop: it already has). */
export const Navigated = defineEvent(
  'navigation/Navigated',
  t.intersection([
    t.type({
      location: Location,
      routeName: t.string,
      mode: t.keyof({ push: null, replace: null, pop: null }),
      /** Who navigated (user name): last-visited paths belong to one user. */
      user: t.string,
    }),
    t.partial({
      sidebar: t.keyof({ application: null, administration: null, projectSettings: null }),
      /** Only on a v1 event (see upcastNavigatedV1): the time it recorded. The decider writes none. */
      recordedAtMs: t.number,
    }),
  ]),
  { v: 2, upcasters: { 1: upcastNavigatedV1 } },
)
/** One rule of the pipeline sent the navigation elsewhere. */
export const Redirected = defineEvent(
  'navigation/Redirected',
  t.type({ from: t.string, to: t.string, reason: t.string }),
)
/**
 * The navigation was refused; `notify` shows the not-authorized notification (id for the toast,
 * shown at the envelope's time). `stayAt` is the page the user stays on, where the address bar
 * goes back to (a refused back or forward left it on the refused path); null before the first
 * navigation. v1 carried the toast's time as `at`, kept as `recordedAt` (see movesRecordedTime);
 * v2 had no `stayAt`: its effects ran when it was written, and replay runs none.
 */
export const Denied = defineEvent(
  'navigation/Denied',
  t.intersection([
    t.type({
      path: t.string,
      reason: t.string,
      notify: t.boolean,
      id: t.string,
      stayAt: t.union([Location, t.null]),
    }),
    t.partial({ recordedAt: t.string }),
  ]),
  {
    v: 3,
    upcasters: {
      1: movesRecordedTime('at', 'recordedAt'),
      2: (data) => ({ ...(data as Record<string, unknown>), stayAt: null }),
    },
  },
)
/** The navigation waits for the start-up data; the guard runs again when it has arrived. */
export const Deferred = defineEvent(
  'navigation/Deferred',
  t.type({ location: Location, mode: t.keyof({ push: null, replace: null, pop: null }) }),
)
/**
 * The session was idle for longer than the idle limit: ask the server whether it is still valid.
 * `user` is whose session is checked, so the check's effect asks the server without reading the
 * state; v1 had none (its effect ran when it was written, and replay runs none).
 */
export const SessionCheckRequested = defineEvent(
  'navigation/SessionCheckRequested',
  t.type({ idleMs: t.number, user: t.string }),
  { v: 2, upcasters: { 1: (data) => ({ ...(data as Record<string, unknown>), user: '' }) } },
)
/** A full-page navigation to another site was asked for (e.g. an SSO provider). */
export const LeftForExternal = defineEvent('navigation/LeftForExternal', t.type({ url: t.string }))
export const SidebarToggled = defineEvent('navigation/SidebarToggled', t.type({ collapsed: t.boolean }))
export const MenuOpened = defineEvent(
  'navigation/MenuOpened',
  t.type({ menu: t.union([t.keyof({ user: null, help: null, add: null }), t.null]) }),
)
const Modal = t.keyof({
  repositoryCreation: null,
  repositoryCreated: null,
  projectsAnimation: null,
  contactUs: null,
  keyboardShortcuts: null,
})
export const ModalOpened = defineEvent('navigation/ModalOpened', t.type({ modal: Modal }))
export const ModalClosed = defineEvent('navigation/ModalClosed', t.type({ modal: Modal }))
/**
 * The top bar's project (no key: all projects). `user` is whose choice it is, remembered for them
 * in this browser (null: nobody signed in, nothing remembered); v1 had none (its effect read the
 * session), and replay runs no effects.
 */
export const ProjectSelected = defineEvent(
  'navigation/ProjectSelected',
  t.intersection([t.type({ user: t.union([t.string, t.null]) }), t.partial({ key: t.string })]),
  { v: 2, upcasters: { 1: (data) => ({ ...(data as Record<string, unknown>), user: null }) } },
)
export const RouteRegistered = defineEvent(
  'navigation/RouteRegistered',
  t.intersection([
    t.type({ name: t.string, pattern: t.string }),
    // order: where the plugin's route is matched among the plugins' (lower first; 999 when absent).
    t.partial({ title: t.string, order: t.number }),
  ]),
)
/**
 * A lazily loaded area's chunk did not load (spec 000 section 8): the area shows nothing. A
 * script chunk is a `ChunkLoadError`; a style chunk of the area is `CSS_CHUNK_LOAD_FAILED`.
 */
export const ChunkLoadFailed = defineEvent(
  'navigation/ChunkLoadFailed',
  t.type({
    name: t.keyof({ ChunkLoadError: null, CSS_CHUNK_LOAD_FAILED: null }),
    area: t.string,
    type: t.keyof({ missing: null, error: null, timeout: null }),
    request: t.string,
  }),
)
/** The login family's guard (domain/session) asked for these commands (e.g. sign out on a logout flag). */
export const GuardRequested = defineEvent(
  'navigation/GuardRequested',
  // The guard asks only for commands of these shapes (session/SignOut with its reason,
  // session/AutoRedirectToSso), which the area's policy asks again as they are: a line holding any
  // other would have the policy ask a command no area takes.
  t.type({
    commands: t.array(
      t.union([
        t.intersection([t.type({ type: t.literal('session/SignOut') }), t.partial({ reason: t.string })]),
        t.type({ type: t.literal('session/AutoRedirectToSso') }),
      ]),
    ),
  }),
)
export const DebugPanelToggled = defineEvent('navigation/DebugPanelToggled', t.type({ open: t.boolean }))

export const navigationEvents = [
  Navigated,
  Redirected,
  Denied,
  Deferred,
  SessionCheckRequested,
  LeftForExternal,
  SidebarToggled,
  MenuOpened,
  ModalOpened,
  ModalClosed,
  ProjectSelected,
  RouteRegistered,
  DebugPanelToggled,
  ChunkLoadFailed,
  GuardRequested,
] as const

export type NavigationEvent = EventOf<(typeof navigationEvents)[number]>
