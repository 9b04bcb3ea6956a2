/**
 * Generators of commands for the bus property test: every area's commands, with the
 * values a user or a script could send. Areas add theirs here as they are built.
 */
import fc from 'fast-check'
import type { AppCommand } from '../../domain/app'

// A command no area handles: the bus must record its rejection.
const unknownCommand = fc
  .constantFrom('nowhere/DoThing', 'session', '', 'search/')
  .map((type) => ({ type }) as unknown as AppCommand)

export const commandArbitrary: fc.Arbitrary<AppCommand> = fc.oneof(unknownCommand)
