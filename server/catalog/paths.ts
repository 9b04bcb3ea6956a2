import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The committed catalogue snapshot (gzip JSON), written by `npm run catalog`. */
export const SNAPSHOT_FILE = join(dirname(fileURLToPath(import.meta.url)), 'snapshot.json.gz')
