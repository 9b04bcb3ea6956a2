/**
 * Waiting for turns of the event loop. The page's answers are the platform's own routes asked
 * in-process (`inject`), and on SQLite a read runs start to end without giving the loop back: 23
 * of them started at once kept every file the page names from being served until the last was
 * made, so the files' round trip came after the page's end instead of beside it. A read started
 * after `n` turns lets the loop take its I/O (the files' requests, their reads from disk) between
 * reads; on PostgreSQL, where a read waits for its database, the reads still overlap.
 */
export function afterIoTurns(n: number): Promise<void> {
  return n <= 0
    ? Promise.resolve()
    : new Promise((resolve) => setImmediate(() => resolve(afterIoTurns(n - 1))))
}
