/** Rules of the packages browser: what a download fetches, and old logs without file paths. */
import { describe, expect, it } from 'vitest'
import { downloadOf } from '../../domain/packages/rules'
import { upcast } from '../../domain/log'
import { makePackage, makeVersion } from '../support/fakePackagesApi'

describe('downloadOf', () => {
  it("downloads a file from the path the platform gave, not one derived from the lead file's", () => {
    expect(downloadOf('npm', { name: 'package.json', path: 'react/-/19.2.0/package.json' })).toEqual({
      name: 'package.json',
      path: 'react/-/19.2.0/package.json',
    })
  })

  it('a go module descriptor downloads as the module zip beside it (any spelling of go)', () => {
    const mod = { name: 'v1.2.3.mod', path: 'github.com/acme/lib/@v/v1.2.3.mod' }
    for (const type of ['go', 'Go', 'golang'])
      expect(downloadOf(type, mod)).toEqual({
        name: 'v1.2.3.zip',
        path: 'github.com/acme/lib/@v/v1.2.3.zip',
      })
    // Only go: a .mod of another type is what it says, and a go .info file stays as it is.
    expect(downloadOf('generic', mod)).toEqual(mod)
    const info = { name: 'v1.2.3.info', path: 'github.com/acme/lib/@v/v1.2.3.info' }
    expect(downloadOf('go', info)).toEqual(info)
  })

  it('offers no download when the path is unknown', () => {
    expect(downloadOf('npm', { name: 'a.tgz', path: '' })).toBeNull()
  })
})

describe('logs written before files had a path', () => {
  const pkg = makePackage('react')
  const { path: _path, ...oldFile } = makeVersion(pkg, '1.0.0').files[0]!
  const oldVersion = { ...makeVersion(pkg, '1.0.0'), files: [oldFile] }

  it('replay with an unknown path for every file', () => {
    const lifted = upcast('packages/PackageLoaded', 1, {
      requestId: 'r',
      pkg,
      versions: [oldVersion],
      hasNextPage: false,
      endCursor: null,
    })
    expect(lifted.ok && (lifted.data as { versions: (typeof oldVersion)[] }).versions[0]!.files).toEqual([
      { ...oldFile, path: '' },
    ])
    const v1 = upcast('packages/VersionLoaded', 1, { requestId: 'r', pkg, version: oldVersion, versions: [] })
    expect(v1.ok && v1.data).toMatchObject({
      hasNextPage: false,
      endCursor: null,
      version: { files: [{ ...oldFile, path: '' }] },
    })
    const page = upcast('packages/VersionsPageLoaded', 1, {
      requestId: 'r',
      items: [oldVersion],
      hasNextPage: false,
      endCursor: null,
    })
    expect(page.ok && page.data).toMatchObject({ items: [{ files: [{ ...oldFile, path: '' }] }] })
  })
})
