/**
 * The platform writes download counts in batches, a moment after the download (DOWNLOAD_FLUSH_MS):
 * a page opened as soon as npm exits may be answered before the count is written. Tests that then
 * look for the count wait for the platform to hold it first.
 */
import type { TestServer } from './server'
import { poll } from './wait'

export const downloadsWritten = (server: TestServer, packageId: string, times: number) =>
  poll(
    () =>
      server.ctx.sql.one<{ downloads: number }>('SELECT downloads FROM catalog_packages WHERE id = ?', [
        packageId,
      ]),
    (row) => Number(row?.downloads) >= times,
    { what: `${times} download(s) of ${packageId} written` },
  )
