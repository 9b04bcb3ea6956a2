// Written by `npm run codecs` from ./commands.ts: do not edit (a unit test checks it is current).
import * as t from 'io-ts'
import type { CommandCodecs } from '../shared/area'
import type { PersonalizationCommand } from './commands'

/** The fields of each command of the area, decoded before it is decided (the type is checked by the bus). */
export const personalizationCommandCodecs: CommandCodecs<PersonalizationCommand> = {
  'personalization/Close': t.UnknownRecord,
  'personalization/CompleteStep': t.type({
    change: t.union([
      t.type({
        step: t.literal('technologies'),
        stepDataObject: t.type({
          technologies: t.array(
            t.keyof({
              npm: null,
              docker: null,
              maven: null,
              pypi: null,
              go: null,
              helm: null,
              debian: null,
              generic: null,
            }),
          ),
        }),
      }),
      t.type({
        step: t.literal('goal'),
        stepDataObject: t.type({
          goal: t.union([
            t.null,
            t.literal('proxy'),
            t.literal('store'),
            t.literal('scan'),
            t.literal('distribute'),
          ]),
        }),
      }),
      t.type({ step: t.literal('view'), stepDataObject: t.type({ artifactOnly: t.boolean }) }),
    ]),
  }),
  'personalization/Load': t.UnknownRecord,
  'personalization/Open': t.UnknownRecord,
  'personalization/Send': t.UnknownRecord,
  'personalization/ShowStep': t.type({ step: t.keyof({ technologies: null, goal: null, view: null }) }),
}
