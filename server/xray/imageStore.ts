/**
 * The statements of container image scanning: a tagged version's layers (as the catalogue
 * records them) and the inventory read from them, kept per version so rescans match it again
 * without reading the layers.
 */
import { placeholders, type Sql } from '../db/sql'
import type { ImageComponent, ImageInventory } from './imageInventory'

export type StoredInventory = ImageInventory & { readonly error: string | null; readonly readAt: string }

const Q = {
  layers: 'SELECT digest FROM catalog_docker_layers WHERE version_id = ? ORDER BY position',
  inventory: 'SELECT * FROM xray_image_inventories WHERE version_id = ?',
  inventories: (n: number) => `SELECT * FROM xray_image_inventories WHERE version_id IN (${placeholders(n)})`,
  dropInventory: 'DELETE FROM xray_image_inventories WHERE version_id = ?',
  // Indexed images with a layer of this digest whose layers have not been read: waiting for them.
  waitingFor: `SELECT DISTINCT l.version_id FROM catalog_docker_layers l
      JOIN catalog_versions v ON v.id = l.version_id JOIN xray_indexed_repos r ON r.repo = v.repo
    WHERE l.digest = ? AND NOT EXISTS (SELECT 1 FROM xray_image_inventories i WHERE i.version_id = l.version_id)
    ORDER BY l.version_id`,
  // Only while the version stands: its layers are read outside any transaction, and an image
  // deleted meanwhile has nothing to keep.
  putInventory: `INSERT INTO xray_image_inventories (version_id, ecosystems_json, os_name, components_json, read_at, error)
     SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM catalog_versions WHERE id = ?)
     ON CONFLICT (version_id) DO UPDATE SET ecosystems_json = excluded.ecosystems_json, os_name = excluded.os_name,
       components_json = excluded.components_json, read_at = excluded.read_at, error = excluded.error`,
} as const

interface InventoryRow {
  version_id: string
  ecosystems_json: string
  os_name: string
  components_json: string
  read_at: string
  error: string | null
}

const toInventory = (r: InventoryRow): StoredInventory => ({
  osName: r.os_name,
  ecosystems: JSON.parse(r.ecosystems_json) as string[],
  components: JSON.parse(r.components_json) as ImageComponent[],
  readAt: r.read_at,
  error: r.error,
})

export function imageStatements(sql: Sql) {
  return {
    /** The digests of the layers of the image a docker version shows, bottom first. */
    layerDigestsOf: async (versionId: string): Promise<string[]> =>
      (await sql.all<{ digest: string }>(Q.layers, [versionId])).map((r) => r.digest),
    /**
     * The indexed images (docker version ids) a layer of `digest` may complete: some layer of
     * theirs is that digest and their layers have not been read, whatever repository or image
     * the bytes were stored under (the blob store keeps one copy per digest).
     */
    imagesWaitingFor: async (digest: string): Promise<string[]> =>
      (await sql.all<{ version_id: string }>(Q.waitingFor, [digest])).map((r) => r.version_id),
    async inventoryOf(versionId: string): Promise<StoredInventory | undefined> {
      const r = await sql.one<InventoryRow>(Q.inventory, [versionId])
      return r && toInventory(r)
    },
    /** What was read of each of these versions' layers, where something was, in one statement. */
    inventoriesOf: async (versionIds: readonly string[]): Promise<Map<string, StoredInventory>> =>
      versionIds.length === 0
        ? new Map()
        : new Map(
            (await sql.all<InventoryRow>(Q.inventories(versionIds.length), versionIds)).map((r) => [
              r.version_id,
              toInventory(r),
            ]),
          ),
    /** Forgets what was read of the layers (some are no longer stored: read again when they are). */
    async dropInventory(versionId: string): Promise<void> {
      await sql.run(Q.dropInventory, [versionId])
    },
    /** Keeps what the layers hold, or why they could not be read (nothing for a deleted version). */
    async putInventory(
      versionId: string,
      read: ImageInventory | { error: string },
      at: string,
    ): Promise<void> {
      const inventory = 'error' in read ? { osName: '', ecosystems: [], components: [] } : read
      await sql.run(Q.putInventory, [
        versionId,
        JSON.stringify(inventory.ecosystems),
        inventory.osName,
        JSON.stringify(inventory.components),
        at,
        'error' in read ? read.error : null,
        versionId,
      ])
    },
  }
}
