/**
 * The seeded remotes' upstreams for a platform a test starts: none (`offline`, serving only
 * their cache), so no test reaches the public registry unless it names an upstream of its own.
 */
export const OFFLINE_REMOTES = {
  NPM_REMOTE_URL: 'offline',
  GENERIC_REMOTE_URL: 'offline',
  DOCKER_REMOTE_URL: 'offline',
} as const
