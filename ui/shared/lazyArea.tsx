/**
 * Route-level code splitting: each feature area is a lazily loaded chunk. A chunk that does
 * not load records a ChunkLoadError (type missing, error or timeout, and the request address;
 * spec 000 section 1), never a broken shell, and shows in the area's place that it could not
 * be loaded, with a Retry; it loads again by itself when the browser comes back online (a
 * chunk asked for offline failed, not the console). When it is one of the chunk's style
 * sheets that failed (Vite rejects the import with "Unable to preload CSS for <url>" after
 * its `vite:preloadError` event), the failure is a CSS_CHUNK_LOAD_FAILED. Areas with a
 * `fallback` (the chrome: the page then shows without it) render that instead.
 */
import { lazy, useEffect, useState, type ComponentType } from 'react'
import type { AppCommand } from '../../domain/app'
import { LoadFailure } from './kit/LoadFailure'

/** Script chunk load time-out (spec 000 section 9). */
export const CHUNK_TIMEOUT_MS = 120_000

export type ChunkFailure = 'missing' | 'error' | 'timeout'

interface Loaded<P> {
  readonly default: ComponentType<P>
}

/** The address a failed dynamic import names in its message, if any. */
export function requestOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  const found = /(https?:\/\/\S+|\/ui\/\S+\.(?:js|css))/.exec(text)
  return found?.[1] ?? ''
}

/** Whether a failed dynamic import failed on a style sheet rather than on the script. */
export function isStyleFailure(error: unknown, request: string): boolean {
  const text = error instanceof Error ? error.message : String(error)
  return text.includes('Unable to preload CSS') || /\.css(?:$|[?#])/.test(request)
}

/**
 * A lazily loaded area's component. Once its chunk is in (or has failed, which shows in its
 * place), it renders without suspending. `preload` asks for the chunk without rendering it and
 * settles (never rejects) when it is in or has failed: a parent that waits for it before
 * rendering the area never shows a Suspense fallback for it. React holds back the reveal of
 * content that resolves after a fallback (up to 300 ms after the fallback was shown, for
 * suspense retries): a trace of a signed-in cold load of the packages list had its rows drawn
 * by that timer, 100–240 ms after their answer was in.
 */
export interface LazyArea<P extends object> {
  (props: P): React.JSX.Element
  readonly preload: () => Promise<void>
  readonly loaded: () => boolean
}

export function lazyArea<P extends object = object>(
  area: string,
  load: () => Promise<Partial<Loaded<P>>>,
  report: (command: AppCommand) => void,
  options: { readonly timeoutMs?: number; readonly fallback?: ComponentType<P> } = {},
): LazyArea<P> {
  const timeoutMs = options.timeoutMs ?? CHUNK_TIMEOUT_MS
  // Once a retry has loaded the chunk, every later mount uses it directly.
  let recovered: ComponentType<P> | undefined

  function ChunkFailed({ props }: { props: P }) {
    const [loaded, setLoaded] = useState<ComponentType<P> | undefined>(() => recovered)
    const retry = () => {
      load().then(
        ({ default: component }) => component && setLoaded(() => (recovered = component)),
        () => undefined,
      )
    }
    useEffect(() => {
      window.addEventListener('online', retry)
      return () => window.removeEventListener('online', retry)
    })
    const Shown = loaded ?? options.fallback
    if (Shown) return <Shown {...props} />
    return <LoadFailure message="This part of the console could not be loaded." onRetry={retry} />
  }

  const settle = async (): Promise<Loaded<P>> => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs)
    })
    const fail = (
      failure: ChunkFailure,
      request: string,
      asset: 'script' | 'style' = 'script',
    ): Loaded<P> => {
      report({ type: 'navigation/RecordChunkFailure', area, failure, request, asset })
      return { default: (props: P) => <ChunkFailed props={props} /> }
    }
    try {
      const loaded = await Promise.race([load(), timeout])
      if (loaded === 'timeout') return fail('timeout', '')
      return loaded.default ? { default: loaded.default } : fail('missing', '')
    } catch (error) {
      const request = requestOf(error)
      return fail('error', request, isStyleFailure(error, request) ? 'style' : 'script')
    } finally {
      clearTimeout(timer)
    }
  }
  // One load for the preload and the first render alike; what it settles to (the screen or the
  // failure in its place) is then rendered directly.
  let settled: ComponentType<P> | undefined
  let pending: Promise<Loaded<P>> | undefined
  const once = () =>
    (pending ??= settle().then((loaded) => {
      settled = loaded.default
      return loaded
    }))
  const Suspending = lazy(once)
  // Which of the two is chosen once per mount: switching would remount the screen.
  const Area = (props: P) => {
    const [Shown] = useState(() => settled ?? Suspending)
    return <Shown {...props} />
  }
  Area.preload = () => once().then(() => undefined)
  Area.loaded = () => settled !== undefined
  return Area
}

/**
 * Whether this chunk is in (or there is none); until it is, asks for it and renders again when
 * it is. The caller shows its loading state meanwhile as content of its own, not as a Suspense
 * fallback: React holds back content revealed after a fallback (see `lazyArea`). A signed-in
 * first load drew its chrome and rows by that timer, and the package page its versions.
 */
export function useChunkReady(chunk: LazyArea<never> | undefined): boolean {
  const ready = chunk === undefined || chunk.loaded()
  const [, cameIn] = useState(0)
  useEffect(() => {
    if (ready || !chunk) return
    let live = true
    void chunk.preload().then(() => live && cameIn((n) => n + 1))
    return () => {
      live = false
    }
  }, [chunk, ready])
  return ready
}
