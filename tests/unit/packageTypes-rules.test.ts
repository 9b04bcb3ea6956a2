import { describe, expect, it } from 'vitest'
import { none, some } from 'fp-ts/Option'
import {
  SEARCH_PACKAGE_TYPES,
  canonicalPackageType,
  defaultVersionTab,
  installCommand,
  isKnownSearchPackageType,
  packageTypeOfId,
  packageTypesCovered,
  searchPackageTypeChoices,
  wirePackageType,
} from '../../domain/packageTypes'

describe('canonicalPackageType', () => {
  it.each([
    ['golang', 'go'],
    ['GAV', 'maven'],
    ['deb', 'debian'],
    ['RubyGems', 'gems'],
    ['terraformmodule', 'terraform'],
    ['terraformProvider', 'terraform'],
    ['HUGGINGFACEML', 'huggingfacemlmodel'],
    ['hfdataset', 'huggingfacemldataset'],
    ['frogml', 'frogmlmodel'],
    ['npm', 'npm'],
    ['Docker', 'docker'],
    ['constructor', 'constructor'],
  ])('%s → %s', (alias, canonical) => {
    expect(canonicalPackageType(alias)).toBe(canonical)
  })
})

describe('wirePackageType', () => {
  it('maps debian → deb and gems → rubygems, leaving others canonical', () => {
    expect(wirePackageType('debian')).toBe('deb')
    expect(wirePackageType('deb')).toBe('deb')
    expect(wirePackageType('gems')).toBe('rubygems')
    expect(wirePackageType('golang')).toBe('go')
    expect(wirePackageType('npm')).toBe('npm')
  })
})

describe('packageTypeOfId', () => {
  it('reads the prefix before ://', () => {
    expect(packageTypeOfId('npm://react')).toEqual(some('npm'))
    expect(packageTypeOfId('gav://org.x:y')).toEqual(some('maven'))
    expect(packageTypeOfId('react')).toEqual(none)
    expect(packageTypeOfId('://x')).toEqual(none)
    // A blank prefix names no type.
    expect(packageTypeOfId('  ://react')).toEqual(none)
  })
})

describe('installCommand', () => {
  it.each([
    ['alpine', 'curl', undefined, 'apk add curl'],
    ['alpine', 'curl', '8.5.0-r0', 'apk add curl=8.5.0-r0'],
    ['cargo', 'serde', undefined, 'cargo install serde'],
    ['cargo', 'serde', '1.0.0', 'cargo install serde --version 1.0.0'],
    ['chef', 'nginx', undefined, 'knife install nginx'],
    ['chef', 'nginx', '12.3.0', 'knife install nginx 12.3.0'],
    ['deb', 'curl', undefined, 'apt-get install curl'],
    ['debian', 'curl', '7.88.1-10', 'apt-get install curl=7.88.1-10'],
    ['rubygems', 'rails', undefined, 'gem install rails'],
    ['gems', 'rails', '7.1.0', 'gem install rails -v 7.1.0'],
    ['npm', 'react', undefined, 'npm i react'],
    ['npm', '@types/node', '20.1.0', 'npm i @types/node@20.1.0'],
    ['nuget', 'Newtonsoft.Json', '13.0.3', 'nuget install Newtonsoft.Json -Version 13.0.3'],
    ['opkg', 'busybox', undefined, 'opkg install busybox'],
    ['pip', 'requests', undefined, 'pip install requests'],
    ['pypi', 'requests', '2.31.0', 'pip install requests==2.31.0'],
    ['yum', 'httpd', undefined, 'yum install httpd'],
    ['yum', 'httpd', '2.4.6', 'yum install httpd-2.4.6'],
    ['rpm', 'httpd', '2.4.6', 'yum install httpd-2.4.6'],
    ['pip', 'requests', '2.31.0', 'pip install requests==2.31.0'],
    ['bower', 'jquery', '3.7.1', 'bower install jquery#3.7.1'],
    ['docker', 'nginx', undefined, 'docker pull <registry>/nginx'],
    ['docker', 'library/nginx', '1.25', 'docker pull <registry>/library/nginx:1.25'],
    ['golang', 'github.com/x/y', 'v1.2.3', 'go get github.com/x/y@v1.2.3'],
    ['go', 'github.com/x/y', undefined, 'go get github.com/x/y'],
    ['puppet', 'puppetlabs-stdlib', '9.0.0', 'puppet module install puppetlabs-stdlib --version 9.0.0'],
    ['helm', 'nginx', undefined, 'helm pull oci://<registry>/nginx'],
    ['helm', 'nginx', '15.0.0', 'helm pull oci://<registry>/nginx --version 15.0.0'],
  ])('%s %s %s → %s', (type, name, version, expected) => {
    expect(installCommand(type, name, version)).toEqual(some(expected))
  })

  it("names the platform's OCI registry for helm charts when given one, and only a well-formed one", () => {
    expect(installCommand('helm', 'nginx', '15.0.0', 'platform.example:8082/helm-local')).toEqual(
      some('helm pull oci://platform.example:8082/helm-local/nginx --version 15.0.0'),
    )
    expect(installCommand('helmoci', 'nginx', undefined, '127.0.0.1:8082/charts')).toEqual(
      some('helm pull oci://127.0.0.1:8082/charts/nginx'),
    )
    expect(installCommand('helmoci', 'nginx', '15.0.0')).toEqual(
      some('helm pull oci://<registry>/nginx --version 15.0.0'),
    )
    // The port and the repository are each optional, and a repository may be nested.
    for (const registry of ['platform.example/helm-local', 'platform.example:8082', 'host/team/charts'])
      expect(installCommand('helm', 'nginx', undefined, registry)).toEqual(
        some(`helm pull oci://${registry}/nginx`),
      )
    for (const bad of ['evil.example; rm -rf ~', 'a b', 'https://x', '$(id)/r'])
      expect(installCommand('helm', 'nginx', undefined, bad)).toEqual(
        some('helm pull oci://<registry>/nginx'),
      )
    // A docker image is pulled from the platform's registry, never from Docker Hub.
    expect(installCommand('docker', 'loop/hello', '1.0.0', '127.0.0.1:8082/docker-local')).toEqual(
      some('docker pull 127.0.0.1:8082/docker-local/loop/hello:1.0.0'),
    )
    expect(installCommand('docker', 'nginx', undefined, 'evil.example; rm -rf ~')).toEqual(
      some('docker pull <registry>/nginx'),
    )
    // Other types ignore it.
    expect(installCommand('npm', 'react', '19.0.0', 'host/repo')).toEqual(some('npm i react@19.0.0'))
  })

  it('gives none for types without a template and for names or versions a shell would misread', () => {
    expect(installCommand('maven', 'org:x')).toEqual(none)
    expect(installCommand('generic', 'x')).toEqual(none)
    expect(installCommand('constructor', 'x')).toEqual(none)
    expect(installCommand('npm', '')).toEqual(none)
    expect(installCommand('npm', 'x; rm -rf ~')).toEqual(none)
    expect(installCommand('npm', '$(id)')).toEqual(none)
    expect(installCommand('npm', '-g')).toEqual(none)
    expect(installCommand('npm', 'x', '1 && curl evil')).toEqual(none)
    expect(installCommand('npm', 'x', '')).toEqual(some('npm i x'))
  })
})

describe('defaultVersionTab', () => {
  it.each(['tgz', 'gz', 'zip', 'jar', 'war', 'nupkg', 'crate', 'apk', 'whl', 'egg', 'mod'])(
    'readme for a .%s lead file',
    (ext) => {
      expect(defaultVersionTab({ packageType: 'docker', leadFilePath: `repo/dir/file.${ext}` })).toBe(
        'readme',
      )
    },
  )

  it('docker layers for docker, builds otherwise', () => {
    expect(defaultVersionTab({ packageType: 'docker', leadFilePath: 'repo/nginx/1.0/manifest.json' })).toBe(
      'dockerLayers',
    )
    expect(defaultVersionTab({ packageType: 'maven', leadFilePath: 'repo/x.pom' })).toBe('builds')
    expect(defaultVersionTab({ packageType: 'npm', leadFilePath: 'repo/react-18.2.0.TGZ' })).toBe('readme')
    expect(defaultVersionTab({ packageType: 'npm', leadFilePath: 'repo.tgz/file' })).toBe('builds')
    expect(defaultVersionTab({ packageType: 'npm' })).toBe('builds')
  })
})

// The package types search knows (spec 001 section 3), as the package-type rules state them.
describe('the package types of search', () => {
  it('offers all, docker, npm, maven, go, nuget and helm first', () => {
    expect(SEARCH_PACKAGE_TYPES).toEqual(['all', 'docker', 'npm', 'maven', 'go', 'nuget', 'helm'])
  })

  it('knows the extra types and all though the platform offers none of them, and no other', () => {
    for (const type of ['all', 'dockerV1', 'terraformBackend', 'releasebundles', 'helmoci'])
      expect(isKnownSearchPackageType(type, [])).toBe(true)
    expect(isKnownSearchPackageType('bogus', [])).toBe(false)
    expect(isKnownSearchPackageType('npm', ['docker'])).toBe(false)
    expect(isKnownSearchPackageType(' NPM ', ['npm'])).toBe(true)
  })

  it('asks for both members of a group, and knows the group when either member is offered', () => {
    expect(packageTypesCovered('frogml')).toEqual(['frogmlmodel', 'frogmldataset'])
    expect(packageTypesCovered('golang')).toEqual(['go'])
    expect(isKnownSearchPackageType('frogml', ['frogmldataset'])).toBe(true)
    expect(isKnownSearchPackageType('huggingfaceml', ['huggingfacemlmodel'])).toBe(true)
    expect(isKnownSearchPackageType('huggingfaceml', ['frogmlmodel'])).toBe(false)
  })

  it("offers each of the platform's types once, a group in place of its members", () => {
    expect(
      searchPackageTypeChoices(['npm', 'HFDATASET', 'huggingfacemlmodel', 'frogml', 'golang', 'go']),
    ).toEqual(['npm', 'huggingfaceml', 'frogml', 'go'])
    expect(searchPackageTypeChoices([])).toEqual([])
  })
})
