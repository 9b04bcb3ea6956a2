/**
 * The platform writes download counts in batches, a moment after the download (DOWNLOAD_FLUSH_MS):
 * a page opened as soon as npm exits may be answered before the count is written. Tests that then
 * look for the count wait for the platform to hold it first.
 */
import type { TestServer } from './server'
import type { ManualClock } from '../../server/clock'
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

/**
 * The flush period runs on the platform's clock: with a manual clock a waiting count is written
 * only once the test moves it past the period. The count itself is taken when the server has
 * sent the last byte, which may come just after the client has them all, so a test that polls
 * for a count moves the clock by one period on each look (`expect.poll(() => look(read))`).
 */
export const flushingLook =
  (server: TestServer, clock: ManualClock) =>
  <T>(read: () => T): T => {
    clock.advance(server.ctx.config.downloadFlushMs)
    return read()
  }
