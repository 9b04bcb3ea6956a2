/**
 * 'This field is mandatory' is worded once: the console's forms, its
 * catalogue and the platform's validation answers all take it from domain/shared/formWords.ts.
 * The other words both say (a name, a URL, an LDAP URL) are written once too.
 */
import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { MANDATORY_MESSAGE } from '../../domain/shared/formWords'
import { NAME_MESSAGE, URL_MESSAGE } from '../../domain/shared/forms'
import { LDAP_URL_MESSAGE } from '../../domain/security/words'
import { describeValidationError, mandatory } from '../../server/auth/validation'

const root = join(import.meta.dirname, '../..')
const sources = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sources(join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [join(dir, d.name)] : [],
  )

const holding = (text: string) =>
  ['domain', 'commands', 'queries', 'adapters', 'ui', 'server']
    .flatMap(sources)
    .filter((f) => readFileSync(join(root, f), 'utf8').includes(text))
    .map((f) => relative('.', f))

describe("'This field is mandatory'", () => {
  it('is written in one source file of the console and the platform', () => {
    expect(holding(MANDATORY_MESSAGE)).toEqual([join('domain', 'shared', 'formWords.ts')])
  })

  it.each([
    [NAME_MESSAGE, join('domain', 'shared', 'forms.ts')],
    [URL_MESSAGE, join('domain', 'shared', 'forms.ts')],
    [' (ldap:// or ldaps://)', join('domain', 'security', 'words.ts')],
  ])('%s is written in one source file too', (text, file) => {
    expect(holding(text)).toEqual([file])
  })

  it('the LDAP URL words are the URL words with the schemes', () => {
    expect(LDAP_URL_MESSAGE).toBe('Enter a valid URL (ldap:// or ldaps://)')
  })

  it("the platform's answers word it the same", () => {
    expect(mandatory('token')).toBe('token: This field is mandatory')
    expect(mandatory('clientId', ' when the provider is enabled')).toBe(
      'clientId: This field is mandatory when the provider is enabled',
    )
    expect(
      describeValidationError(
        { keyword: 'required', instancePath: '', schemaPath: '', params: { missingProperty: 'password' } },
        'body',
      ),
    ).toBe('password: This field is mandatory')
  })
})
