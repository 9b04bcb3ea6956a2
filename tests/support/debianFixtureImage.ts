/**
 * The scanning tests' Debian image and advisories: an image built with tar (a Debian 12 rootfs's
 * package database, a distroless status file a later layer whites out, npm packages in a folder
 * an opaque whiteout empties and fills again), pushed with skopeo into docker-local as
 * `fixture/app:1.0`, and the OSV fixture of tests/fixtures/osvDebian imported by an admin.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { zipSync } from 'fflate'
import { browserHeaders, type TestServer } from './server'
import { skopeoCli, writeOciLayout } from './skopeo'
import { imageOfTarLayers } from './tarImage'

export const FIXTURE_IMAGE = { packageId: 'docker://fixture/app', version: '1.0' }
const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'osvDebian')

const DPKG_STATUS = `Package: libfixture1
Status: install ok installed
Priority: optional
Architecture: amd64
Source: fixturelib (1.2-3)
Version: 1.2-3+b1
Description: a library the scanning test made up
 It spans two lines, as descriptions do.

Package: fixturetool
Status: install ok installed
Architecture: amd64
Version: 2.0-1
Description: a tool the scanning test made up

Package: fixturelib-doc
Status: deinstall ok config-files
Architecture: all
Source: fixturelib
Version: 1.2-3
`

/** Imports the Debian OSV fixture as a zip through the console's API (an admin's cookie); answers the import. */
export async function importDebianFixture(server: TestServer, adminCookie: string): Promise<unknown> {
  const zip = zipSync(
    Object.fromEntries(
      readdirSync(FIXTURES)
        .filter((f) => f.endsWith('.json'))
        .map((f) => [f, readFileSync(join(FIXTURES, f))]),
    ),
  )
  const res = await fetch(`${server.url}/ui/api/v1/xray/api/v1/advisories/import?name=debian.zip&wait=true`, {
    method: 'POST',
    headers: { ...browserHeaders(server.url, adminCookie), 'content-type': 'application/zip' },
    body: zip,
  })
  return res.json()
}

/**
 * Builds the image under `work` and copies it into docker-local with skopeo; answers skopeo's
 * answer. With `zstd`, skopeo compresses every layer with zstd on the way (OCI's `tar+zstd`):
 * the layers are built uncompressed (skopeo compresses only those) and differ from the gzip
 * image's by a file, since skopeo would reuse a layer the registry already holds gzip'd.
 */
export function pushDebianFixtureImage(
  server: TestServer,
  work: string,
  creds: string,
  options: { readonly zstd?: true; readonly image?: string } = {},
) {
  const image = imageOfTarLayers(work, [
    {
      command: 'ADD rootfs.tar.gz /',
      gzip: !options.zstd,
      files: {
        ...(options.zstd ? { 'etc/hostname': 'zstd\n' } : {}),
        'etc/os-release': 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\nVERSION_ID="12"\n',
        'var/lib/dpkg/status': DPKG_STATUS,
        'var/lib/dpkg/status.d/fixturegone': 'Package: fixturegone\nVersion: 1.0-1\nArchitecture: amd64\n',
        'opt/app/node_modules/lodash/package.json': '{"name":"lodash","version":"4.17.15","license":"MIT"}',
      },
    },
    {
      command: 'RUN rm -r /var/lib/dpkg/status.d/fixturegone /opt/app && npm install minimist@0.0.8',
      gzip: false,
      files: {
        ...(options.zstd ? { 'etc/hostname': 'zstd, again\n' } : {}),
        'var/lib/dpkg/status.d/.wh.fixturegone': '',
        'opt/app/.wh..wh..opq': '',
        'opt/app/node_modules/minimist/package.json': '{"name":"minimist","version":"0.0.8","license":"MIT"}',
      },
    },
  ])
  writeOciLayout(join(work, 'oci'), image, FIXTURE_IMAGE.version)
  return skopeoCli(work)([
    'copy',
    '--dest-tls-verify=false',
    '--dest-creds',
    creds,
    ...(options.zstd ? ['--dest-compress-format', 'zstd'] : []),
    `oci:${join(work, 'oci')}:${FIXTURE_IMAGE.version}`,
    `docker://${new URL(server.url).host}/docker-local/${options.image ?? 'fixture/app'}:${FIXTURE_IMAGE.version}`,
  ])
}
