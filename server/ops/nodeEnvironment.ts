/**
 * What the primary adds to a platform node's environment when it forks it: the node's id, and
 * a larger libuv thread pool than Node's 4. Every file system call and zlib stream of a node
 * runs on that pool, and a remote's cache fill flushes each fetched file and its folder there:
 * with 4 threads, the flushes of 4 tarballs in flight held up every other request's reads (a
 * cold `npm ci` asks for 15 at once), so a request's own read of a cached file or a tarball's
 * README waited for other requests' disks. A thread waiting for the disk costs no CPU.
 * An operator's own UV_THREADPOOL_SIZE stands.
 */
export const NODE_THREAD_POOL = 16

export function nodeEnvironment(
  nodeId: string,
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  return {
    NODE_ID: nodeId,
    ...(env.UV_THREADPOOL_SIZE ? {} : { UV_THREADPOOL_SIZE: String(NODE_THREAD_POOL) }),
  }
}
