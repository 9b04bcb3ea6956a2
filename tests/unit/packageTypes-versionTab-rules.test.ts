// A version's tabs (spec 001 section 2: readme, builds, docker layers): docker layers only for
// docker, whatever case or blanks the type arrives with.
import { describe, expect, it } from 'vitest'
import { defaultVersionTab, versionTabsOf } from '../../domain/packageTypes/versionTab'

describe("a version's tabs", () => {
  it('docker has readme, builds and its layers', () => {
    for (const type of ['docker', 'Docker', ' DOCKER '])
      expect(versionTabsOf(type)).toEqual(['readme', 'builds', 'dockerLayers'])
  })

  it('any other type has readme and builds only', () => {
    for (const type of ['npm', 'maven', 'dockerhub', 'oci', ''])
      expect(versionTabsOf(type)).toEqual(['readme', 'builds'])
  })

  it('the default is docker layers for a docker type of any case, without a lead file', () => {
    expect(defaultVersionTab({ packageType: ' Docker', leadFilePath: null })).toBe('dockerLayers')
    expect(defaultVersionTab({ packageType: 'docker', leadFilePath: 'repo/nginx/latest/manifest' })).toBe(
      'dockerLayers',
    )
  })

  it('a lead file named only by its extension still has a readme', () => {
    expect(defaultVersionTab({ packageType: 'npm', leadFilePath: 'repo/.tgz' })).toBe('readme')
  })

  it('a lead file without an extension has none, even when its name is one', () => {
    // A tool called `zip` is not a zip archive: its package opens on builds.
    expect(defaultVersionTab({ packageType: 'generic', leadFilePath: 'repo/tools/zip' })).toBe('builds')
    expect(defaultVersionTab({ packageType: 'generic', leadFilePath: 'zip' })).toBe('builds')
  })
})
