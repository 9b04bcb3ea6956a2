/**
 * What the session area reads of the rest of the state, by name: whether this is the demo tour,
 * and where the browser is. Its decisions and reactions take this small value with the session
 * slice, so the area is read and tested on its own and imports nothing of the app's composition.
 */
import type { EventOf } from '../shared/events'
import type { SessionCheckRequested, Redirected } from '../navigation/events'
import {
  hasMicroservice,
  isTour,
  type PlatformCommand,
  type PlatformState,
  type StartFailed,
  type StartRequested,
} from '../platform'
import type { SessionCommand } from './commands'
import type { SessionEvent, SignedInVia } from './events'
import type { UserData } from './types'

/** A location as the router records it (the navigation area's shape). */
export interface Here {
  readonly path: string
  readonly query: string
}

export interface SessionContext {
  /** The demo tour keeps one shared identity and its own landing. */
  readonly tour: boolean
  readonly location: Here
  /** The platform names its access service: a password sign-in goes through the access login. */
  readonly accessLogin: boolean
}

/** The slices the context is read from: the app's state is one. */
export interface SessionContextSlices {
  readonly platform: PlatformState
  readonly navigation: { readonly location: Here }
}

export const sessionContextOf = (state: SessionContextSlices): SessionContext => ({
  tour: isTour(state.platform),
  location: state.navigation.location,
  accessLogin: hasMicroservice(state.platform.microservices, 'access'),
})

/**
 * Every event the area decides, evolves or reacts to: its own, the idle check it asks the
 * navigation area to record, start-up's (the login page waits for its data) and the router's
 * redirects (a page sent to login is kept for after it).
 */
export type SessionAreaEvent =
  | SessionEvent
  | EventOf<typeof SessionCheckRequested>
  | EventOf<typeof Redirected>
  | EventOf<typeof StartRequested>
  | EventOf<typeof StartFailed>

/**
 * What the area's reactions ask of other areas, in those areas' command shapes (the navigation
 * and getting-started areas read the session, so it names their commands rather than importing them;
 * the app's composition checks each shape against the command it stands for).
 */
export type SessionAsked =
  | SessionCommand
  | PlatformCommand
  | { readonly type: 'navigation/Navigate'; readonly to: string; readonly replace?: boolean }
  | { readonly type: 'navigation/GoToLanding' }
  | { readonly type: 'gettingStarted/CheckAfterLogin'; readonly via: SignedInVia; readonly user: UserData }
