/**
 * Read-only mode (spec 001 sections 6 and 8): an admin's setting of the general configuration
 * (`readOnlyMode`) under which the platform refuses what would change its content (deploying,
 * publishing or deleting files, creating, changing or deleting repositories) with the
 * catalogue's message, and tells the console through the `readOnlyMode` feature flag.
 */
import type { ServerContext } from '../context'
import { readGeneralConfig } from '../admin/generalConfig'

export const READ_ONLY_MESSAGE = 'You cannot use this option in read-only mode'

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])
// npm's sign-in and audit calls write nothing to the content: they stay open.
const NPM_SESSION = /^\/artifactory\/api\/npm\/[^/]+\/-\/(user\/|v1\/login|npm\/v1\/security\/)/

/** Does this request change the platform's content (and so is refused in read-only mode)? */
export function changesContent(method: string, url: string, apiPrefix: string): boolean {
  if (READS.has(method.toUpperCase())) return false
  const path = url.split('?')[0] ?? ''
  if (path.startsWith('/artifactory/')) return !NPM_SESSION.test(path)
  // Container pushes and deletes; asking for a registry token changes nothing.
  if (path.startsWith('/v2/')) return path !== '/v2/token'
  return path === `${apiPrefix}/repositories` || path.startsWith(`${apiPrefix}/repositories/`)
}

export const readOnlyMode = async (ctx: Pick<ServerContext, 'sql' | 'config'>): Promise<boolean> =>
  (await readGeneralConfig(ctx.sql, ctx.config)).readOnlyMode
