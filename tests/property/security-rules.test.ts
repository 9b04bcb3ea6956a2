// The security pages: a page that is switched off never asks for a mandatory field (only a
// value that is given must be well formed), and what is sent is the page's own fields only,
// never its secret.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { PAGE_SPECS, settingsToSend, validateSecuritySettings } from '../../domain/security/rules'

const pages = ['saml', 'oauth', 'ldap', 'crowd'] as const
// Names of every page's fields (and secrets' facts), so typed values land on real fields.
const fieldName = fc.oneof(
  fc.constantFrom(
    ...Object.values(PAGE_SPECS).flatMap((p) => p.fields.map((f) => f.name)),
    'managerPasswordSet',
  ),
  fc.string({ maxLength: 12 }),
)
const value = fc.oneof(
  fc.constant(''),
  fc.constant(' '),
  fc.string({ maxLength: 6 }),
  fc.boolean(),
  fc.nat(2000),
)

describe('security settings', () => {
  it('switched off, no field is mandatory; whatever is typed, only the page’s fields are sent', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...pages),
        fc.dictionary(fieldName, value, { maxKeys: 12 }),
        (page, typed) => {
          const names = PAGE_SPECS[page].fields.map((f) => f.name)
          const values = { ...typed, enabled: false }
          const problems = validateSecuritySettings(page, values)
          for (const [field, problem] of Object.entries(problems)) {
            if (problem.key === 'mandatory') {
              // A choice given out of its list is worded as "choose one".
              expect(PAGE_SPECS[page].fields.find((f) => f.name === field)?.kind).toBe('choice')
              expect(String(values[field] ?? '').trim()).not.toBe('')
            }
          }
          const sent = settingsToSend(page, values)
          for (const key of Object.keys(sent)) expect(names).toContain(key)
          expect(sent).not.toHaveProperty(PAGE_SPECS[page].secret ?? 'none')
        },
      ),
    )
  })
})
