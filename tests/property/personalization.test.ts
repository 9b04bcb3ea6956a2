/**
 * Personalization storage (spec 001 section 3): what is stored under personalizationData reads
 * back as it was written, and whatever else storage holds (hostile text from the public corpora,
 * malformed JSON, base64 of foreign objects, forged flags, extra fields) is ignored or cut down
 * to the codec's shape: reading never throws, never keeps a field it does not know, and never
 * takes a step as completed whose data does not hold.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  completePersonalizationStep,
  decodePersonalization,
  encodePersonalization,
  GOALS,
  INITIAL_PERSONALIZATION,
  PERSONALIZATION_STEPS,
  personalizationStepProblem,
  TECHNOLOGIES,
  type PersonalizationData,
  type StepDataOf,
} from '../../domain/personalization'
import { encodeBase64 } from '../../domain/shared/forms'
import { corporaDir, corpusLines } from '../support/corpora'

const base64Of = (text: string) => encodeBase64([...new TextEncoder().encode(text)])

const change: fc.Arbitrary<StepDataOf> = fc.oneof(
  fc
    .subarray([...TECHNOLOGIES], { minLength: 1 })
    .map((technologies) => ({ step: 'technologies' as const, stepDataObject: { technologies } })),
  fc.constantFrom(...GOALS).map((goal) => ({ step: 'goal' as const, stepDataObject: { goal } })),
  fc.boolean().map((artifactOnly) => ({ step: 'view' as const, stepDataObject: { artifactOnly } })),
)

/** Data a user can reach: the steps completed in order, some of them again. */
const reachable: fc.Arbitrary<PersonalizationData> = fc
  .array(change, { maxLength: 8 })
  .map((changes) =>
    changes.reduce(
      (data, c) =>
        PERSONALIZATION_STEPS.indexOf(c.step) <= PERSONALIZATION_STEPS.indexOf(data.step) ||
        data.steps[c.step].isCompleted
          ? completePersonalizationStep(data, c)
          : data,
      INITIAL_PERSONALIZATION,
    ),
  )

/** Every read value has the codec's shape, nothing more, and its flags agree with its data. */
function expectSound(read: PersonalizationData | null) {
  if (read === null) return
  expect(Object.keys(read).sort()).toEqual(['RTonlyRemoved', 'step', 'steps'])
  expect(Object.keys(read.steps).sort()).toEqual([...PERSONALIZATION_STEPS].sort())
  for (const step of PERSONALIZATION_STEPS) {
    const s = read.steps[step]
    expect(Object.keys(s).sort()).toEqual(['isCompleted', 'isValid', 'stepDataObject'])
    const holds =
      personalizationStepProblem({ step, stepDataObject: s.stepDataObject } as StepDataOf) === undefined
    expect(s.isValid).toBe(holds)
    if (s.isCompleted) expect(holds).toBe(true)
  }
  const open = PERSONALIZATION_STEPS.findIndex((s) => !read.steps[s].isCompleted)
  if (open !== -1) expect(PERSONALIZATION_STEPS.indexOf(read.step)).toBeLessThanOrEqual(open)
}

// Hostile text people maintain: XSS and redirect payloads, and the JSON parsing suite's files.
const corpusText = [...corpusLines('xss'), ...corpusLines('open-redirect')]
const jsonDir = join(corporaDir(), 'json-parsing', 'test_parsing')
const jsonFiles = readdirSync(jsonDir).map((f) => readFileSync(join(jsonDir, f)).toString('latin1'))

describe('personalization storage', () => {
  it('reads back exactly what it wrote', () => {
    fc.assert(
      fc.property(reachable, (data) => {
        expect(decodePersonalization(encodePersonalization(data))).toEqual(data)
      }),
      { numRuns: 300 },
    )
  })

  it('ignores stored text that is not its encoding, as written or base64-wrapped', () => {
    const hostile = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.constantFrom(...corpusText),
      fc.constantFrom(...jsonFiles),
      fc.base64String(),
    )
    fc.assert(
      fc.property(hostile, fc.boolean(), (text, wrap) => {
        const stored = wrap ? base64Of(text) : text
        let read: PersonalizationData | null = null
        expect(() => (read = decodePersonalization(stored))).not.toThrow()
        expectSound(read)
      }),
      { numRuns: 2000 },
    )
    for (const text of [...corpusText, ...jsonFiles]) {
      expect(decodePersonalization(text)).toBeNull()
      expectSound(decodePersonalization(base64Of(text)))
    }
  })

  it('drops fields it does not know (nothing secret comes back) and does not trust forged flags', () => {
    const secret = 'hunter2-Secret-Token'
    fc.assert(
      fc.property(
        reachable,
        fc.dictionary(fc.string({ minLength: 1 }), fc.jsonValue()),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom(...PERSONALIZATION_STEPS),
        (data, extra, forgeValid, forgeCompleted, forged) => {
          const json = JSON.parse(JSON.stringify(data)) as Record<string, unknown> & {
            steps: Record<string, Record<string, unknown>>
          }
          Object.assign(json, extra, { password: secret })
          json.steps[forged] = {
            ...json.steps[forged],
            stepDataObject: { ...(json.steps[forged]?.stepDataObject as object), token: secret },
            isValid: forgeValid,
            isCompleted: forgeCompleted,
            apiKey: secret,
          }
          if (forged === 'technologies')
            json.steps.technologies!.stepDataObject = { technologies: [], token: secret }
          const read = decodePersonalization(base64Of(JSON.stringify(json)))
          expectSound(read)
          expect(JSON.stringify(read)).not.toContain(secret)
          if (read && forged === 'technologies') expect(read.steps.technologies.isCompleted).toBe(false)
        },
      ),
      { numRuns: 500 },
    )
  })
})
