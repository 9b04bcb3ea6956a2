/**
 * The layer reader against archives GNU tar writes: a path over 100 bytes as GNU tar's long-name
 * entry and as a pax header, a symbolic link, gzip'd and not; only the files asked for are kept.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { LayerUnreadable, readTarEntries } from '../../server/xray/layerTar'
import { isInventoryPath } from '../../server/xray/imageInventory'

const work = mkdtempSync(join(tmpdir(), 'layer-tar-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const DEEP = `srv/${'a-rather-long-folder-name/'.repeat(5)}node_modules/minimist/package.json`

function archive(format: 'gnu' | 'pax'): Buffer {
  const root = join(work, format)
  mkdirSync(dirname(join(root, DEEP)), { recursive: true })
  writeFileSync(join(root, DEEP), '{"name":"minimist","version":"0.0.8"}')
  mkdirSync(join(root, 'usr/lib'), { recursive: true })
  writeFileSync(join(root, 'usr/lib/os-release'), 'ID=debian\nVERSION_ID="12"\n')
  mkdirSync(join(root, 'etc'))
  symlinkSync('../usr/lib/os-release', join(root, 'etc/os-release'))
  writeFileSync(join(root, 'etc/motd'), 'not asked for\n')
  return execFileSync('tar', [`--format=${format}`, '--sort=name', '-cf', '-', '-C', root, '.'])
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
