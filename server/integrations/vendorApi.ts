/**
 * The platform's calls to a git vendor's REST API with an integration's token: the user
 * endpoint (connection test, connectionTest.ts) and the repositories the token can reach
 * (GitHub `user/repos`, GitLab `projects?membership=true`). Every answer is checked for the
 * fields used; redirects are not followed, and each call is bounded by a timeout.
 */
import { HttpError } from '../context'
import type { Vendor } from './vendors'

export const VENDOR_TIMEOUT_MS = 5000
/** One page of up to 100 repositories: enough for the reference platform's screen. */
const PAGE = 100

/** An endpoint under the API base URL the admin gave (with or without its trailing slash). */
export function vendorEndpoint(baseUrl: string, path: string): string {
  return new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).toString()
}

export interface VendorRepository {
  /** The full path, owner/name. */
  readonly name: string
  readonly private: boolean
}

async function getJson(url: string, token: string): Promise<unknown> {
  let res: Response
  try {
    res = await fetch(url, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(VENDOR_TIMEOUT_MS),
    })
  } catch {
    throw new HttpError(502, 'The git vendor could not be reached', 'VENDOR_UNREACHABLE')
  }
  if (res.status === 401 || res.status === 403) {
    await res.body?.cancel()
    throw new HttpError(502, 'The git vendor refused the integration token', 'VENDOR_REFUSED')
  }
  if (res.status < 200 || res.status >= 300) {
    await res.body?.cancel()
    throw new HttpError(502, `The git vendor answered HTTP ${res.status}`, 'VENDOR_ERROR')
  }
  try {
    return await res.json()
  } catch {
    throw new HttpError(502, 'The git vendor answered something that is not JSON', 'VENDOR_ERROR')
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

function decodeList(body: unknown, pick: (item: Record<string, unknown>) => VendorRepository | null) {
  if (!Array.isArray(body))
    throw new HttpError(502, 'The git vendor answered an unexpected list', 'VENDOR_ERROR')
  return body.flatMap((item) => {
    const repo = isRecord(item) ? pick(item) : null
    return repo ? [repo] : []
  })
}

/** The repositories the integration's token can reach, sorted by name. */
export async function listRepositories(
  vendor: Vendor,
  baseUrl: string,
  token: string,
): Promise<VendorRepository[]> {
  let repos: VendorRepository[]
  switch (vendor.name) {
    case 'github':
      repos = decodeList(
        await getJson(vendorEndpoint(baseUrl, `user/repos?per_page=${PAGE}&sort=full_name`), token),
        (r) =>
          typeof r.full_name === 'string' && typeof r.private === 'boolean'
            ? { name: r.full_name, private: r.private }
            : null,
      )
      break
    case 'gitlab':
      repos = decodeList(
        await getJson(
          vendorEndpoint(baseUrl, `projects?membership=true&per_page=${PAGE}&simple=true`),
          token,
        ),
        (r) =>
          typeof r.path_with_namespace === 'string'
            ? { name: r.path_with_namespace, private: r.visibility !== 'public' }
            : null,
      )
      break
    default:
      throw new HttpError(
        501,
        `Listing repositories is not available for ${vendor.displayName} integrations yet`,
        'NOT_IMPLEMENTED',
      )
  }
  return repos.sort((a, b) => a.name.localeCompare(b.name))
}
