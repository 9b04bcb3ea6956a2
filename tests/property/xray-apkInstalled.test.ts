/**
 * Alpine's installed database (`lib/apk/db/installed`) as the image scanner reads it: a real
 * entry's shape (checksum, name, version, architecture, sizes, description, URL, licence,
 * origin, maintainer, build time, commit, dependencies, provides, then its folders and files),
 * and, for generated databases of such entries with any of the optional fields left out, the
 * packages read back are the packages written, in order. An Alpine image's inventory matches
 * its packages in `Alpine:v<major>.<minor>` by their origin.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { apkPackages, applyLayers, inventoryOf } from '../../server/xray/imageInventory'

const DB = 'lib/apk/db/installed'

// Two entries as apk 2.14 writes them on Alpine 3.19 (checksums and times made up).
const INSTALLED = `C:Q1Hh0dXzMqyx6J0kZOr4Qh2rYyA0s=
P:musl
V:1.2.4_git20230717-r4
A:x86_64
S:407278
I:667648
T:the musl c library (libc) implementation
U:https://musl.libc.org/
L:MIT
o:musl
m:Timo Teräs <timo.teras@iki.fi>
t:1701874472
c:2b2e5f7e8d6c0f5a1d8c7e3b4a2f1e0d9c8b7a6f
p:so:libc.musl-x86_64.so.1=1
F:lib
R:ld-musl-x86_64.so.1
a:0:0:755
Z:Q1vPDYQhF1vX1mFb5eWqV0m1m0GJ0=
R:libc.musl-x86_64.so.1
a:0:0:777
Z:Q17yJ3JFNypA4mxhJJr0ou6CzsJVI=

C:Q1XqQhCpOgBn5T8b6yCMnF2Xl1Wvo=
P:libcrypto3
V:3.1.4-r2
A:x86_64
S:1709471
I:4337664
T:Crypto library from openssl
U:https://www.openssl.org/
L:Apache-2.0
o:openssl
m:Ariadne Conill <ariadne@dereferenced.org>
t:1701876720
c:4c1a5b0e3d2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b
D:so:libc.musl-x86_64.so.1
p:so:libcrypto.so.3=3
F:lib
R:libcrypto.so.3
a:0:0:755
Z:Q1M9mOsq5vBsWW8MoQb2mNcNS2IaQ=
F:usr/lib/engines-3
R:afalg.so
Z:Q1tY3r/xGyDGzQ6dAHMTLz3oA8lNM=

`

describe("Alpine's installed database", () => {
  it('reads each entry: its name, version, origin (the source advisories name) and licence', () => {
    expect(apkPackages(INSTALLED, DB)).toEqual([
      {
        kind: 'os',
        name: 'musl',
        version: '1.2.4_git20230717-r4',
        source: 'musl',
        sourceVersion: '1.2.4_git20230717-r4',
        path: DB,
        licences: ['MIT'],
      },
      {
        kind: 'os',
        name: 'libcrypto3',
        version: '3.1.4-r2',
        source: 'openssl',
        sourceVersion: '3.1.4-r2',
        path: DB,
        licences: ['Apache-2.0'],
      },
    ])
  })

  it('skips an entry without a name or version, and reads one without origin as its own source', () => {
    const text = 'P:no-version\nA:x86_64\n\nV:1.0-r0\nT:no name\n\nP:alone\nV:2.0-r1\n'
    expect(apkPackages(text, DB).map((p) => [p.name, p.version, p.source, p.licences])).toEqual([
      ['alone', '2.0-r1', 'alone', []],
    ])
  })

  it('an Alpine image matches its packages in its release by origin', () => {
    const files = applyLayers([
      [
        {
          type: 'file',
          path: 'etc/os-release',
          linkTarget: '',
          content: Buffer.from(
            'NAME="Alpine Linux"\nID=alpine\nVERSION_ID=3.19.1\nPRETTY_NAME="Alpine Linux v3.19"\n',
          ),
        },
        { type: 'file', path: DB, linkTarget: '', content: Buffer.from(INSTALLED) },
      ],
    ])
    const inventory = inventoryOf(files)
    expect(inventory.osName).toBe('Alpine Linux v3.19')
    expect(inventory.ecosystems).toEqual(['Alpine:v3.19'])
    expect(inventory.components.map((c) => `${c.name}<-${c.source}`)).toEqual([
      'musl<-musl',
      'libcrypto3<-openssl',
    ])
  })
})

// Field values are single lines; anything else goes, colons and spaces included.
const word = fc.stringMatching(/^[a-z][a-z0-9+._-]{0,15}$/)
const text = fc.stringMatching(/^[^\n\r]{1,40}$/).filter((s) => s.trim() === s && s.length > 0)
const apkVersion = fc
  .tuple(fc.nat(30), fc.nat(30), fc.constantFrom('', '_rc1', '_p2', '_git20230717', 'a'), fc.nat(9))
  .map(([a, b, suffix, r]) => `${a}.${b}${suffix}-r${r}`)

const entry = fc.record(
  {
    name: word,
    version: apkVersion,
    origin: word,
    licence: text,
    description: text,
    depends: fc.array(word, { maxLength: 3 }),
    files: fc.array(fc.tuple(word, fc.array(word, { minLength: 1, maxLength: 3 })), { maxLength: 3 }),
  },
  { requiredKeys: ['name', 'version', 'files', 'depends'] },
)

type Entry = typeof entry extends fc.Arbitrary<infer T> ? T : never

/** An entry as apk writes it: its fields in apk's order, then each folder with its files. */
const render = (e: Entry) =>
  [
    `C:Q1${Buffer.from(e.name).toString('base64')}=`,
    `P:${e.name}`,
    `V:${e.version}`,
    'A:x86_64',
    'S:1024',
    'I:4096',
    ...(e.description ? [`T:${e.description}`] : []),
    'U:https://example.org/',
    ...(e.licence ? [`L:${e.licence}`] : []),
    ...(e.origin ? [`o:${e.origin}`] : []),
    'm:Someone <someone@example.org>',
    ...(e.depends.length > 0 ? [`D:${e.depends.join(' ')}`] : []),
    ...e.files.flatMap(([folder, files]) => [`F:${folder}`, ...files.flatMap((f) => [`R:${f}`, 'Z:Q1abc='])]),
  ].join('\n')

describe("Alpine's installed database, generated", () => {
  it('gives back every entry written, in order, with its origin or else its name as source', () => {
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 8 }),
        fc.constantFrom('\n\n', '\n\n\n', '\n \n'),
        (entries, gap) => {
          const db = entries.map(render).join(gap) + (entries.length > 0 ? '\n\n' : '')
          expect(apkPackages(db, DB)).toEqual(
            entries.map((e) => ({
              kind: 'os',
              name: e.name,
              version: e.version,
              source: e.origin ?? e.name,
              sourceVersion: e.version,
              path: DB,
              licences: e.licence ? [e.licence] : [],
            })),
          )
        },
      ),
    )
  })
})
