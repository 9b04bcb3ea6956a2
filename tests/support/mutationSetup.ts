/**
 * Set up for the tests mutation testing runs (vitest.stryker.config.ts), never for `npm test`.
 *
 * A property that fails under a mutant has detected it at its first counterexample: shrinking
 * that counterexample only makes the report readable, which nobody reads for a mutant, and it
 * takes many more runs of the property than finding it did. So a failure ends the property at
 * once; whether a mutant is detected does not change.
 */
import fc from 'fast-check'

fc.configureGlobal({ ...fc.readConfigureGlobal(), endOnFailure: true })
