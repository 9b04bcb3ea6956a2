/**
 * 'This field is mandatory' is worded once (issue 19 item 3): the console's forms, its
 * catalogue and the platform's validation answers all take it from domain/shared/formWords.ts.
 */
import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { MANDATORY_MESSAGE } from '../../domain/shared/formWords'
import { describeValidationError, mandatory } from '../../server/auth/validation'

const root = join(import.meta.dirname, '../..')
const sources = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sources(join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [join(dir, d.name)] : [],
  )

describe("'This field is mandatory'", () => {
  it('is written in one source file of the console and the platform', () => {
    const holding = ['domain', 'commands', 'queries', 'adapters', 'ui', 'server']
      .flatMap(sources)
      .filter((f) => readFileSync(join(root, f), 'utf8').includes(MANDATORY_MESSAGE))
    expect(holding.map((f) => relative('.', f))).toEqual([join('domain', 'shared', 'formWords.ts')])
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
