/**
 * Route-level code splitting: each feature area is a lazily loaded chunk. A chunk that does
 * not load yields nothing for that area (spec 000 section 1) and records a ChunkLoadError
 * (type missing, error or timeout, and the request address), never a broken shell.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { AppCommand } from '../../domain/app'

/** Script chunk load time-out (spec 000 section 9). */
export const CHUNK_TIMEOUT_MS = 120_000

export type ChunkFailure = 'missing' | 'error' | 'timeout'

interface Loaded<P> {
  readonly default: ComponentType<P>
}

const Nothing = () => null

/** The address a failed dynamic import names in its message, if any. */
export function requestOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  const found = /(https?:\/\/\S+|\/ui\/\S+\.(?:js|css))/.exec(text)
  return found?.[1] ?? ''
}

export function lazyArea<P extends object = object>(
  area: string,
  load: () => Promise<Partial<Loaded<P>>>,
  report: (command: AppCommand) => void,
  options: { readonly timeoutMs?: number; readonly fallback?: ComponentType<P> } = {},
): LazyExoticComponent<ComponentType<P>> {
  const timeoutMs = options.timeoutMs ?? CHUNK_TIMEOUT_MS
  const fallback: ComponentType<P> = options.fallback ?? Nothing
  return lazy(async (): Promise<Loaded<P>> => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs)
    })
    const fail = (failure: ChunkFailure, request: string): Loaded<P> => {
      report({ type: 'navigation/RecordChunkFailure', area, failure, request })
      return { default: fallback }
    }
    try {
      const loaded = await Promise.race([load(), timeout])
      if (loaded === 'timeout') return fail('timeout', '')
      return loaded.default ? { default: loaded.default } : fail('missing', '')
    } catch (error) {
      return fail('error', requestOf(error))
    } finally {
      clearTimeout(timer)
    }
  })
}
