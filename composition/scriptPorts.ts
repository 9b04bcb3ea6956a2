/**
 * Ports for running the console's bus from a Node script against a real platform: the same
 * areas, effects and API ports as the browser (the areas' manifests, ui/areas.ts), with a cookie
 * jar instead of the browser's cookie store, in-memory web storage and history, and downloads
 * kept in memory.
 */
import { asyncScheduler } from 'rxjs'
import type { HistoryPort, Ports } from '../adapters/ports'
import { createHttpClient } from '../adapters/http/client'
import type { SaveFile } from '../adapters/http/saveFile'
import { createFileStash, createSecretVault, createShownSecrets } from '../adapters/memory/secretVault'
import { cookieJarFetch, memoryStore } from '../adapters/node/cookieJar'
import { areaManifests } from '../ui/areas'

export { cookieJarFetch }

export interface ScriptPorts extends Ports {
  /** Paths the app navigated to, oldest first. */
  readonly visited: ReadonlyArray<string>
  /** Files the app downloaded (name and bytes). */
  readonly downloads: ReadonlyArray<{ readonly name: string; readonly bytes: Uint8Array }>
}

export function createScriptPorts(options: { readonly platformUrl: string }): ScriptPorts {
  const origin = new URL(options.platformUrl).origin
  const jarFetch = cookieJarFetch(origin)
  const http = createHttpClient({ fetch: jarFetch })
  let n = 0
  const ids = { next: () => `s${(++n).toString(36)}` }
  const visited: string[] = []
  const downloads: Array<{ name: string; bytes: Uint8Array }> = []
  const history: HistoryPort = {
    current: () => visited[visited.length - 1] ?? '/ui/',
    push: (p) => void visited.push(p),
    replace: (p) => void (visited.length > 0 ? (visited[visited.length - 1] = p) : visited.push(p)),
    assign: (url) => void visited.push(url),
  }
  const saveFile: SaveFile = (blob, name) => {
    void blob.arrayBuffer().then((b) => downloads.push({ name, bytes: new Uint8Array(b) }))
  }
  const host = { origin, fetch: jarFetch, saveFile }
  const apis = areaManifests.map((area) => area.ports?.(http, jarFetch, host) ?? {})
  return {
    ...(Object.assign({}, ...apis) as Ports),
    clock: { now: () => Date.now() },
    ids,
    scheduler: asyncScheduler,
    secrets: createSecretVault(ids),
    files: createFileStash(ids),
    shown: createShownSecrets(ids),
    localStore: memoryStore(),
    sessionStore: memoryStore(),
    history,
    visited,
    downloads,
  }
}
