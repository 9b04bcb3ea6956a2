/**
 * What every part of the onboarding area shares: the events its parts decide (onboarding's own,
 * a toast, the closing of a dialog) and the shape of a part, on the fields of the slice it owns.
 */
import type { SlicePart } from '../shared/area'
import type { EventOf } from '../shared/events'
import type { Shown } from '../notifications/events'
import type { ModalClosed, Navigated } from '../navigation/events'
import type { OnboardingCommand } from './commands'
import type { OnboardingEvent } from './events'
import type { OnboardingState } from './types'

export type OnboardingPartEvent =
  OnboardingEvent | EventOf<typeof Shown> | EventOf<typeof ModalClosed> | EventOf<typeof Navigated>

/** A part owning the fields `F` of the onboarding slice and deciding the commands `T`. */
export type OnboardingPart<
  F extends keyof OnboardingState,
  T extends OnboardingCommand['type'],
  X = undefined,
  P extends { type: string } = never,
  R = unknown,
> = SlicePart<Pick<OnboardingState, F>, Extract<OnboardingCommand, { type: T }>, OnboardingPartEvent, X, P, R>

/** The types of some events (`defineEvent` values): what a part's `eventTypes` lists. */
export const typesOf = (...events: ReadonlyArray<{ readonly type: string }>): ReadonlyArray<string> =>
  events.map((e) => e.type)
