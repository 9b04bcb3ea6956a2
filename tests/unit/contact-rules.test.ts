// The contact-us form's rule at its edges (spec 001 sections 2–4, 7): each length at its limit
// and one past it, what is sent (every field trimmed), the help options, and the lead-source
// fields each option sends.
import { describe, expect, it } from 'vitest'
import { isRight, right } from 'fp-ts/Either'
import {
  contactProblems,
  HELP_OPTIONS,
  INITIAL_CONTACT_FORM,
  validateContactForm,
  type ContactForm,
  type HelpOption,
} from '../../domain/contact'

const form: ContactForm = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: 'United Kingdom',
  email: 'ada@example.com',
  helpOption: 'Request a demo',
  optionalComment: '',
}
const domain = '@example.com'
const emailOf = (length: number) => `${'a'.repeat(length - domain.length)}${domain}`

describe('the contact form at its limits', () => {
  it('a name or a country of 100 characters is taken; one more is too long', () => {
    for (const field of ['firstName', 'lastName', 'country'] as const) {
      expect(contactProblems({ ...form, [field]: 'x'.repeat(100) })).toEqual({})
      expect(contactProblems({ ...form, [field]: 'x'.repeat(101) })).toEqual({
        [field]: { key: 'tooLong', max: 100 },
      })
    }
  })

  it('an email address of 254 characters is taken; one of 255 is too long, not invalid', () => {
    expect(contactProblems({ ...form, email: emailOf(254) })).toEqual({})
    expect(contactProblems({ ...form, email: emailOf(255) })).toEqual({ email: { key: 'tooLong', max: 254 } })
  })

  it('a comment of 2000 characters is taken; one more is too long', () => {
    expect(contactProblems({ ...form, optionalComment: 'x'.repeat(2000) })).toEqual({})
    expect(contactProblems({ ...form, optionalComment: 'x'.repeat(2001) })).toEqual({
      optionalComment: { key: 'tooLong', max: 2000 },
    })
  })

  it('the form opens empty, every field but the comment to be filled in', () => {
    expect(INITIAL_CONTACT_FORM).toEqual({
      firstName: '',
      lastName: '',
      country: '',
      email: '',
      helpOption: null,
      optionalComment: '',
    })
  })
})

describe('what is sent', () => {
  it('every field is sent without the blanks typed around it, the email address included', () => {
    const sent = validateContactForm({
      firstName: ' Ada ',
      lastName: ' Lovelace ',
      country: ' United Kingdom ',
      email: '  ada@example.com  ',
      helpOption: 'Contact sales',
      optionalComment: '  Call me  ',
    })
    expect(sent).toEqual(
      right(
        expect.objectContaining({
          firstName: 'Ada',
          lastName: 'Lovelace',
          country: 'United Kingdom',
          email: 'ada@example.com',
          optionalComment: 'Call me',
        }),
      ),
    )
  })

  it('a help option that is not one of the four is no choice (a script may pass any text)', () => {
    const other = { ...form, helpOption: 'Sell me a boat' as HelpOption }
    expect(contactProblems(other)).toEqual({ helpOption: { key: 'mandatory' } })
    expect(isRight(validateContactForm(other))).toBe(false)
  })

  it('each help option sends lead-source details and a form type of its own, none empty', () => {
    const sent = HELP_OPTIONS.map((helpOption) => {
      const request = validateContactForm({ ...form, helpOption })
      if (!isRight(request)) throw new Error(`${helpOption} was refused`)
      return request.right
    })
    for (const request of sent) {
      expect(request.LeadSource).toBe('Product Form')
      expect(request.Lead_Source_Details__c).toMatch(/\S/)
      expect(request.MRK_FormType__c).toMatch(/\S/)
    }
    expect(new Set(sent.map((r) => r.Lead_Source_Details__c)).size).toBe(HELP_OPTIONS.length)
    expect(new Set(sent.map((r) => r.MRK_FormType__c)).size).toBe(HELP_OPTIONS.length)
  })
})
