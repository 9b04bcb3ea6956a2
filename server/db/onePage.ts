/**
 * Reads made once while one page is made. A signed-in user's page carries start-up's answers and
 * its list's first page (server/ui/startupAnswers.ts, routeAnswers.ts): some 22 of the platform's
 * own requests, each through the same hooks and routes as a browser's. Each read its session
 * again, and the general configuration and the sign-in settings once or several times: 67
 * statements for one page, where 17 are different. On PostgreSQL each statement is a round trip,
 * and the 22 requests' statements queued for the pool's connections together.
 *
 * Inside `onePage(make)`, `readOnce` runs a read the first time its key is asked for and hands
 * every later ask the same answer, as if the page were read in one snapshot. A write through the
 * same key's owner calls `forgetRead`, so a request that writes and then reads sees its write.
 * Outside a page (every other request) nothing is kept: each read goes to the database.
 */
import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * A page's reads by the handle they were made through (a transaction's are its own), then key.
 * `open` until the page is made: work the page started that runs on after it (a timer, a
 * refresh in the background) carries the page's context with it, and must read afresh.
 */
interface Page {
  open: boolean
  readonly reads: Map<object, Map<string, Promise<unknown>>>
}

const pages = new AsyncLocalStorage<Page>()

/** The page being made, if any. */
const current = (): Page | undefined => {
  const page = pages.getStore()
  return page?.open ? page : undefined
}

/** Runs `make` as one page: the reads it makes through `readOnce` are made once each. */
export async function onePage<T>(make: () => Promise<T>): Promise<T> {
  const page: Page = { open: true, reads: new Map() }
  try {
    return await pages.run(page, make)
  } finally {
    page.open = false
    page.reads.clear()
  }
}

/** `read()`, or inside a page, the answer of its first `read()` through `handle` under `key`. */
export function readOnce<T>(handle: object, key: string, read: () => Promise<T>): Promise<T> {
  const page = current()
  if (!page) return read()
  const reads = page.reads.get(handle) ?? new Map<string, Promise<unknown>>()
  page.reads.set(handle, reads)
  const known = reads.get(key) as Promise<T> | undefined
  if (known) return known
  const reading = read()
  reads.set(key, reading)
  // A failed read is not kept: the next ask reads again.
  reading.catch(() => reads.get(key) === reading && reads.delete(key))
  return reading
}

/**
 * After a write under `key`: the next read of `key`, and of every key under it (`key:…`), inside
 * this page reads again. A table read in parts (a user's groups, each under its user) forgets
 * them all with one call.
 */
export function forgetRead(key: string): void {
  for (const reads of current()?.reads.values() ?? [])
    for (const known of [...reads.keys()])
      if (known === key || known.startsWith(`${key}:`)) reads.delete(known)
}
