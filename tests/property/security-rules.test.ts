// The security pages: a page that is switched off never asks for a mandatory field (only
// what a given value needs: a choice from its list, the manager password of a given manager
// DN), and what is sent is the page's own fields only, never its secret.
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
          const values: Readonly<Record<string, string | boolean | number>> = { ...typed, enabled: false }
          const problems = validateSecuritySettings(page, values)
          for (const [field, problem] of Object.entries(problems)) {
            if (problem.key === 'mandatory') {
              // Only what a given value asks for: a choice given out of its list ("choose one"),
              // or the directory's manager password once a manager DN is given.
              const kind = PAGE_SPECS[page].fields.find((f) => f.name === field)?.kind
              if (kind === 'choice') expect(String(values[field] ?? '').trim()).not.toBe('')
              else {
                expect([page, field]).toEqual(['ldap', 'managerPassword'])
                expect(String(values.managerDn ?? '').trim()).not.toBe('')
              }
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
