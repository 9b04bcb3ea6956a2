/**
 * The support bundle's cut of known secrets (server/ops/redact.ts) in the JSON files of a bundle
 * (thread dumps, the configuration): there a secret's quotes, backslashes and control characters
 * are escaped, so the secret is not there as it is. The request log's forms (percent-encoded in
 * any case, `+`, twice) are held by tests/server/ops-bundles.secrets.test.ts with real requests.
 */
import { describe, expect, it } from 'vitest'
import { REDACTED, redactSecrets } from '../../server/ops/redact'
import { corpusFile } from '../support/corpora'

/** The URL corpus's inputs: hostile characters of every kind, text around the secret. */
const NEIGHBOURS = (JSON.parse(corpusFile('url/urltestdata.json')) as unknown[])
  .filter((row): row is { input: string } => typeof row === 'object' && row !== null && 'input' in row)
  .map((row) => row.input)

describe('redactSecrets in JSON text', () => {
  const secrets = ['Ldap"pw\\Q9\u000e\tx', 'Proxy-pw-"quoted"-7']

  it('cuts a secret JSON escaped, as a thread dump or the configuration holds it', () => {
    for (const secret of secrets) {
      const json = JSON.stringify(
        { commandLine: ['node', `--pass=${secret}`], note: `a ${secret} b` },
        null,
        2,
      )
      const cut = redactSecrets(json, secrets)
      expect(cut).not.toContain(JSON.stringify(secret).slice(1, -1))
      expect(JSON.parse(cut)).toEqual({
        commandLine: ['node', `--pass=${REDACTED}`],
        note: `a ${REDACTED} b`,
      })
    }
  })

  it('leaves text that holds no secret as it is', () => {
    const text = JSON.stringify(NEIGHBOURS)
    expect(NEIGHBOURS.length).toBeGreaterThan(500)
    expect(redactSecrets(text, secrets)).toBe(text)
  })
})
