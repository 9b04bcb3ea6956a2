/**
 * A module's loader whose promise is kept once asked for. A second `import()` of a module
 * already in waits for a task of its own before it settles; behind a long render that is one
 * render's wait per module. A kept promise settles the next caller in a microtask: a chain of
 * lazily loaded code (an area's domain, then its effects, then its API client) warmed up front
 * then runs through in one go. A failed load is dropped, so the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined
      throw error
    }))
}
