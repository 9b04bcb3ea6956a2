/**
 * The layer reader against archives GNU tar writes: a path over 100 bytes as GNU tar's long-name
 * entry and as a pax header, a symbolic link, gzip'd and not; only the files asked for are kept.
 * zstd layers (OCI's `tar+zstd`) as the zstd command writes them: one frame, or several one after
 * another, and a cut one refused.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { LayerUnreadable, openLayer, readTarEntries } from '../../server/xray/layerTar'
import { isInventoryPath } from '../../server/xray/imageInventory'

const work = mkdtempSync(join(tmpdir(), 'layer-tar-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const DEEP = `srv/${'a-rather-long-folder-name/'.repeat(5)}node_modules/minimist/package.json`

const archives = new Map<string, Buffer>()

/** The test's archive in `format`, written once. */
function archive(format: 'gnu' | 'pax'): Buffer {
  const made = archives.get(format)
  if (made) return made
  const root = join(work, format)
  mkdirSync(dirname(join(root, DEEP)), { recursive: true })
  writeFileSync(join(root, DEEP), '{"name":"minimist","version":"0.0.8"}')
  mkdirSync(join(root, 'usr/lib'), { recursive: true })
  writeFileSync(join(root, 'usr/lib/os-release'), 'ID=debian\nVERSION_ID="12"\n')
  mkdirSync(join(root, 'etc'))
  symlinkSync('../usr/lib/os-release', join(root, 'etc/os-release'))
  writeFileSync(join(root, 'etc/motd'), 'not asked for\n')
  const bytes = execFileSync('tar', [`--format=${format}`, '--sort=name', '-cf', '-', '-C', root, '.'])
  archives.set(format, bytes)
  return bytes
}

describe('reading a layer', () => {
  it.each(['gnu', 'pax'] as const)(
    'reads long paths and links of a %s archive, keeping what is asked',
    async (format) => {
      expect(Buffer.byteLength(DEEP)).toBeGreaterThan(100)
      const entries = await readTarEntries(Readable.from([archive(format)]), (p) => isInventoryPath(p))
      const byPath = new Map(entries.map((e) => [e.path, e]))
      expect(byPath.get(DEEP)?.content?.toString()).toBe('{"name":"minimist","version":"0.0.8"}')
      expect(byPath.get('usr/lib/os-release')?.content?.toString()).toContain('ID=debian')
      expect(byPath.get('etc/os-release')).toMatchObject({
        type: 'symlink',
        linkTarget: '../usr/lib/os-release',
      })
      expect(byPath.get('etc/motd')).toMatchObject({ type: 'file' })
      expect(byPath.get('etc/motd')?.content).toBeUndefined()
    },
  )

  it('refuses bytes that are not a tar', async () => {
    await expect(readTarEntries(Readable.from([Buffer.alloc(512, 7)]), () => true)).rejects.toThrow(
      LayerUnreadable,
    )
  })
})

describe('reading a zstd layer', () => {
  const zstd = (input: Buffer, ...args: string[]) =>
    execFileSync('zstd', ['-q', '-c', ...args], { input, maxBuffer: 64 * 1024 * 1024 })
  const written = (name: string, bytes: Buffer) => {
    writeFileSync(join(work, name), bytes)
    return join(work, name)
  }
  const read = async (path: string) =>
    new Map((await readTarEntries(await openLayer(path), (p) => isInventoryPath(p))).map((e) => [e.path, e]))

  it('reads one frame, a skipped file larger than a read chunk streaming past', async () => {
    const root = join(work, 'zstd')
    mkdirSync(join(root, 'usr/lib'), { recursive: true })
    writeFileSync(join(root, 'usr/lib/os-release'), 'ID=alpine\nVERSION_ID=3.19.1\n')
    // Bytes that do not compress, so the frame spans many of the file stream's chunks.
    writeFileSync(
      join(root, 'usr/lib/big.bin'),
      Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 251)),
    )
    mkdirSync(join(root, 'lib/apk/db'), { recursive: true })
    writeFileSync(join(root, 'lib/apk/db/installed'), 'P:musl\nV:1.2.4-r2\no:musl\n\n')
    const tar = execFileSync('tar', ['--sort=name', '-cf', '-', '-C', root, '.'], {
      maxBuffer: 16 * 1024 * 1024,
    })
    const byPath = await read(written('one.tar.zst', zstd(tar, '-19')))
    expect(byPath.get('usr/lib/os-release')?.content?.toString()).toContain('ID=alpine')
    expect(byPath.get('lib/apk/db/installed')?.content?.toString()).toContain('P:musl')
    expect(byPath.get('usr/lib/big.bin')).toMatchObject({ type: 'file' })
    expect(byPath.get('usr/lib/big.bin')?.content).toBeUndefined()
  })

  it('reads frames one after another, as a chunked writer leaves them', async () => {
    const tar = archive('pax')
    const cut = 1536
    const byPath = await read(
      written('frames.tar.zst', Buffer.concat([zstd(tar.subarray(0, cut)), zstd(tar.subarray(cut))])),
    )
    expect(byPath.get(DEEP)?.content?.toString()).toBe('{"name":"minimist","version":"0.0.8"}')
    expect(byPath.get('usr/lib/os-release')?.content?.toString()).toContain('ID=debian')
  })

  it('refuses a zstd stream cut short', async () => {
    const whole = zstd(archive('gnu'))
    await expect(read(written('cut.tar.zst', whole.subarray(0, whole.length - 40)))).rejects.toThrow(
      LayerUnreadable,
    )
  })
})
