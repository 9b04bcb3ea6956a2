// npm's package-name rule as the registry applies it on publish, against the public hostile
// corpora: a name that passes is one npm itself would take, safe in a URL path segment (a
// scoped name's one slash aside), and never a path that climbs or hides.
import { describe, expect, it } from 'vitest'
import { npmNameProblem } from '../../server/registry/npmNames'
import { corpusFile, corpusLines } from '../support/corpora'

const urlInputs = () =>
  (JSON.parse(corpusFile('url/urltestdata.json')) as unknown[])
    .filter((t): t is { input: string } => typeof t === 'object' && t !== null && 'input' in t)
    .map((t) => t.input)

/** What npm's own rule (validate-npm-package-name, for new packages) says of a name. */
const npmWouldTake = (name: string) =>
  name.length > 0 &&
  name.length <= 214 &&
  name === name.toLowerCase() &&
  !['node_modules', 'favicon.ico'].includes(name) &&
  (/^@[^/]+\/[^/]+$/.test(name) ? name.slice(1).split('/') : [name]).every(
    (part) => !/^[._]/.test(part) && encodeURIComponent(part) === part && !/[~'!()*]/.test(part.slice(1)),
  )

describe('npmNameProblem', () => {
  it.each(['left-pad', '@scope/name', 'a.b_c-d', '0-9', '~tilde'])('takes %j', (name) => {
    expect(npmNameProblem(name)).toBeUndefined()
  })

  it.each([
    '',
    '.hidden',
    '_under',
    'UPPER',
    ' lead',
    'a/b',
    '@a/b/c',
    '@/x',
    'node_modules',
    'x'.repeat(215),
    '..',
    'a b',
    'a%2fb',
    'a?b',
  ])('refuses %j', (name) => {
    expect(npmNameProblem(name)).toBeDefined()
  })

  it('refuses every hostile string of the corpora that npm would refuse, and takes none that climbs', () => {
    const inputs = [...corpusLines('xss'), ...corpusLines('open-redirect'), ...urlInputs()]
    expect(inputs.length).toBeGreaterThan(1000)
    const taken = inputs.filter((i) => npmNameProblem(i) === undefined)
    for (const name of taken) {
      expect(npmWouldTake(name), name).toBe(true)
      expect(name.split('/')).not.toContain('..')
      expect(name).not.toMatch(/[\\%<>"'`\s]/)
    }
    // What passes are plain words and file names (`onclick`, `test.txt` of the URL tests).
    expect(taken.filter((name) => !/^[a-z0-9][a-z0-9-.]*$/.test(name))).toEqual([])
  })
})
