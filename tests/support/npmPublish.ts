/**
 * A publish as an npm client sends it, made in-process: a gzipped ustar tarball holding
 * `package/package.json` (and any other files), and the publish document around it with its
 * dist checksums, for tests that speak the registry's HTTP directly (as an attacker's script
 * would) rather than through the CLI.
 */
import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'

function header(path: string, size: number): Buffer {
  const h = Buffer.alloc(512)
  h.write(path, 0, 100, 'utf8')
  h.write('0000644\0', 100, 'ascii')
  h.write('0000000\0', 108, 'ascii')
  h.write('0000000\0', 116, 'ascii')
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'ascii')
  h.write(`${(0).toString(8).padStart(11, '0')}\0`, 136, 'ascii')
  h.write('        ', 148, 'ascii')
  h.write('0', 156, 'ascii')
  h.write('ustar\0', 257, 'ascii')
  h.write('00', 263, 'ascii')
  const sum = h.reduce((n, b) => n + b, 0)
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii')
  return h
}

/** A gzipped tarball of `package/<path>` entries. */
export function npmTarball(files: Readonly<Record<string, string>>): Buffer {
  const parts: Buffer[] = []
  for (const [path, text] of Object.entries(files)) {
    const body = Buffer.from(text, 'utf8')
    parts.push(header(`package/${path}`, body.length), body, Buffer.alloc((512 - (body.length % 512)) % 512))
  }
  parts.push(Buffer.alloc(1024))
  return gzipSync(Buffer.concat(parts))
}

/**
 * The body of `npm publish` for one version. `version` is the document's key; `documentVersion`
 * (default the same) is what the version document says, so a test can make them disagree.
 */
export function publishBody(
  name: string,
  version: string,
  options: { documentVersion?: string; marker?: string; tag?: string } = {},
): { body: Record<string, unknown>; tarball: Buffer } {
  const documentVersion = options.documentVersion ?? version
  const manifest = { name, version: documentVersion, description: options.marker ?? 'made by a test' }
  const tarball = npmTarball({
    'package.json': JSON.stringify(manifest),
    'index.js': `module.exports = ${JSON.stringify(options.marker ?? name)}\n`,
  })
  const base = name.split('/').pop()!
  return {
    tarball,
    body: {
      _id: name,
      name,
      'dist-tags': { [options.tag ?? 'latest']: version },
      versions: {
        [version]: {
          ...manifest,
          _id: `${name}@${documentVersion}`,
          dist: {
            integrity: `sha512-${createHash('sha512').update(tarball).digest('base64')}`,
            shasum: createHash('sha1').update(tarball).digest('hex'),
          },
        },
      },
      _attachments: {
        [`${base}-${version}.tgz`]: {
          content_type: 'application/octet-stream',
          data: tarball.toString('base64'),
          length: tarball.length,
        },
      },
    },
  }
}
