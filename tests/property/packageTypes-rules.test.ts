import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { isNone, isSome } from 'fp-ts/Option'
import {
  README_EXTENSIONS,
  canonicalPackageType,
  defaultVersionTab,
  installCommand,
  isKnownSearchPackageType,
  packageTypeOfId,
  packageTypesCovered,
  wirePackageType,
} from '../../domain/packageTypes'
import { corpusLines } from '../support/corpora'

const known = [
  'golang',
  'go',
  'gav',
  'maven',
  'deb',
  'debian',
  'rubygems',
  'gems',
  'terraformmodule',
  'terraformprovider',
  'terraform',
  'huggingfaceml',
  'huggingfacemlmodel',
  'hfdataset',
  'huggingfacemldataset',
  'frogml',
  'frogmlmodel',
  'npm',
  'docker',
  'pypi',
  'helm',
  'nuget',
  'generic',
  '__proto__',
  'constructor',
]
const caseVariant = (s: string) =>
  fc
    .array(fc.boolean(), { minLength: s.length, maxLength: s.length })
    .map((up) => [...s].map((c, i) => (up[i] ? c.toUpperCase() : c)).join(''))
const typeName = fc.oneof(fc.constantFrom(...known).chain(caseVariant), fc.string())

// Characters a shell would act on; none may reach a command the user copies.
const SHELL_META = /[;&|`$'"\\\n\r\t(){}!*?<>]/

// Counterexamples found while writing the rules, kept as explicit cases.
const regressions: ReadonlyArray<string> = ['__proto__', 'toString', ' Deb ', 'İ']

describe('package types', () => {
  it('canonicalPackageType is idempotent and case-insensitive', () => {
    for (const r of regressions)
      expect(canonicalPackageType(canonicalPackageType(r))).toBe(canonicalPackageType(r))
    fc.assert(
      fc.property(typeName, (t) => {
        const c = canonicalPackageType(t)
        expect(canonicalPackageType(c)).toBe(c)
        expect(canonicalPackageType(t.toUpperCase())).toBe(canonicalPackageType(t.toLowerCase()))
      }),
      { numRuns: 5_000 },
    )
  })

  it('wire and canonical names describe the same type', () => {
    fc.assert(
      fc.property(typeName, (t) => {
        expect(canonicalPackageType(wirePackageType(t))).toBe(canonicalPackageType(t))
        expect(wirePackageType(wirePackageType(t))).toBe(wirePackageType(t))
      }),
    )
  })

  it('packageTypeOfId reads back the type an id was built with', () => {
    fc.assert(
      fc.property(fc.constantFrom(...known), fc.string(), (t, rest) => {
        expect(packageTypeOfId(`${t}://${rest}`)).toEqual({ _tag: 'Some', value: canonicalPackageType(t) })
      }),
    )
    fc.assert(fc.property(fc.string(), (s) => s.includes('://') || isNone(packageTypeOfId(s))))
  })

  it("a search type's case and the blanks around it change neither what it covers nor whether it is known", () => {
    const searchType = fc.constantFrom(...known, 'all', 'helmoci', 'dockerv1', 'releasebundles')
    const blanks = fc.stringMatching(/^[ \t]{0,3}$/)
    const offered = fc.subarray(known)
    fc.assert(
      fc.property(searchType.chain(caseVariant), blanks, blanks, offered, (t, before, after, platform) => {
        const typed = `${before}${t}${after}`
        expect(packageTypesCovered(typed)).toEqual(packageTypesCovered(t.toLowerCase()))
        expect(isKnownSearchPackageType(typed, platform)).toBe(
          isKnownSearchPackageType(t.toLowerCase(), platform),
        )
      }),
      { numRuns: 2_000 },
    )
    // `all` means any type, whether or not the platform lists one.
    expect(isKnownSearchPackageType(' All ', [])).toBe(true)
    expect(packageTypesCovered(' HuggingFaceML ')).toEqual(['huggingfacemlmodel', 'huggingfacemldataset'])
  })

  it('install commands never carry shell metacharacters from hostile names', () => {
    const hostile = fc.oneof(fc.string(), fc.constantFrom(...corpusLines('xss').slice(0, 500)))
    fc.assert(
      fc.property(
        fc.constantFrom(...known, 'alpine', 'cargo', 'chef', 'opkg', 'yum', 'bower', 'puppet'),
        hostile,
        fc.option(hostile, { nil: undefined }),
        (t, name, version) => {
          const cmd = installCommand(t, name, version)
          if (isSome(cmd)) {
            // `<registry>` is the rule's own placeholder (helm, docker) for a registry not given.
            expect(cmd.value.replace('<registry>/', '')).not.toMatch(SHELL_META)
            expect(
              cmd.value
                .split(' ')
                .filter((w) => w.startsWith('-'))
                .every((w) => /^-{1,2}[A-Za-z]+$/.test(w)),
            ).toBe(true)
          }
          if (isSome(cmd)) expect(cmd.value).toContain(name)
        },
      ),
      { numRuns: 5_000 },
    )
  })

  it('defaultVersionTab: readme exactly for readme extensions, then docker, then builds', () => {
    const ext = fc.oneof(
      fc.constantFrom(...README_EXTENSIONS).chain(caseVariant),
      fc.stringMatching(/^[a-z0-9]{0,5}$/),
    )
    fc.assert(
      fc.property(
        fc.constantFrom(...known),
        fc.stringMatching(/^[a-z0-9/._-]{0,20}$/),
        ext,
        (packageType, dir, e) => {
          const leadFilePath = `${dir}/file.${e}`
          const tab = defaultVersionTab({ packageType, leadFilePath })
          const expected = README_EXTENSIONS.includes(e.toLowerCase())
            ? 'readme'
            : canonicalPackageType(packageType) === 'docker'
              ? 'dockerLayers'
              : 'builds'
          expect(tab).toBe(expected)
        },
      ),
    )
  })
})
