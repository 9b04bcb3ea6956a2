/**
 * One email rule: the console's forms (isEmailAddress) and the platform's
 * request schemas (emailSchema, validated by Fastify's Ajv with the u flag) use the same
 * pattern, so an address the form lets through is never refused by the platform, or the reverse.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { EMAIL_PATTERN, isEmailAddress } from '../../domain/shared/forms'
import { emailSchema } from '../../server/auth/schemas'
import { corpusLines } from '../support/corpora'

const platform = new RegExp(emailSchema.pattern, 'u')

describe('the email rule', () => {
  it('is one pattern: the schema carries the domain rule', () => {
    expect(emailSchema.pattern).toBe(EMAIL_PATTERN.source)
  })

  it.each([
    ['dev@example.com', true],
    ['first.last+tag@sub.example.co', true],
    ['no-at.example.com', false],
    ['two@@example.com', false],
    ['nodot@example', false],
    ['space in@example.com', false],
    ['"quoted"@example.com', false],
    ['<a@example.com>', false],
    ['a@example.com\nBcc: b@example.com', false],
  ])('%j: %s for the form and the platform alike', (text, ok) => {
    expect(isEmailAddress(text)).toBe(ok)
    expect(platform.test(text)).toBe(ok)
  })

  it('the form and the platform agree on hostile inputs and on any text', () => {
    for (const line of [...corpusLines('xss'), ...corpusLines('url')])
      expect(platform.test(line), line).toBe(isEmailAddress(line))
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => platform.test(text) === isEmailAddress(text)),
    )
  })
})
