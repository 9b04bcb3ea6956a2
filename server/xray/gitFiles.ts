/**
 * A file of a git repository read through its vendor's REST API with the integration's token,
 * at the default branch: GitHub's contents (raw), GitLab's repository files (raw at HEAD),
 * Bitbucket Cloud's src (at the main branch it names) and Bitbucket Server's raw. A file the
 * repository does not have is undefined; anything else the vendor refuses is an error that
 * says so. Each call goes the vendor API's guarded way (integrations/vendorApi.ts): never to a
 * link-local or metadata address, redirects not followed, bounded in time and size.
 */
import { readAll, UpstreamFault, type UpstreamResponse } from '../upstream/fetch'
import { vendorEndpoint, vendorGet, VENDOR_MAX_BYTES } from '../integrations/vendorApi'
import type { Vendor } from '../integrations/vendors'

const segments = (path: string) => path.split('/').map(encodeURIComponent).join('/')

/** What a failure of the way out says: a file too large, or a vendor that could not be reached. */
const failure = (error: unknown): Error =>
  error instanceof UpstreamFault && error.kind === 'tooLarge'
    ? new Error(`the file is larger than ${VENDOR_MAX_BYTES / (1024 * 1024)} MB`)
    : error instanceof UpstreamFault
      ? new Error('the git vendor could not be reached')
      : (error as Error)

async function get(url: string, token: string, accept: string): Promise<UpstreamResponse> {
  try {
    return await vendorGet(url, token, accept)
  } catch (error) {
    throw failure(error)
  }
}

async function text(res: UpstreamResponse): Promise<string | undefined> {
  if (res.status === 404) {
    res.body.destroy()
    return undefined
  }
  if (res.status === 401 || res.status === 403) {
    res.body.destroy()
    throw new Error('the git vendor refused the integration token')
  }
  if (res.status < 200 || res.status >= 300) {
    res.body.destroy()
    throw new Error(`the git vendor answered HTTP ${res.status}`)
  }
  try {
    return (await readAll(res)).toString('utf8')
  } catch (error) {
    throw failure(error)
  }
}

/** Bitbucket Cloud's src call needs a commit or branch: the repository names its main branch. */
async function bitbucketMainBranch(baseUrl: string, token: string, repository: string): Promise<string> {
  const res = await get(
    vendorEndpoint(baseUrl, `repositories/${segments(repository)}`),
    token,
    'application/json',
  )
  const body = await text(res)
  if (body === undefined) throw new Error(`the git vendor has no repository ${repository}`)
  try {
    const name = (JSON.parse(body) as { mainbranch?: { name?: unknown } }).mainbranch?.name
    if (typeof name === 'string' && name !== '') return name
  } catch {
    // Said below.
  }
  throw new Error('the git vendor did not name the main branch')
}

export async function repositoryFile(
  vendor: Vendor,
  baseUrl: string,
  token: string,
  repository: string,
  path: string,
): Promise<string | undefined> {
  switch (vendor.name) {
    case 'github':
      return text(
        await get(
          vendorEndpoint(baseUrl, `repos/${segments(repository)}/contents/${segments(path)}`),
          token,
          'application/vnd.github.raw',
        ),
      )
    case 'gitlab':
      return text(
        await get(
          vendorEndpoint(
            baseUrl,
            `projects/${encodeURIComponent(repository)}/repository/files/${encodeURIComponent(path)}/raw?ref=HEAD`,
          ),
          token,
          'text/plain',
        ),
      )
    case 'bitbucket_cloud': {
      const branch = await bitbucketMainBranch(baseUrl, token, repository)
      return text(
        await get(
          vendorEndpoint(
            baseUrl,
            `repositories/${segments(repository)}/src/${encodeURIComponent(branch)}/${segments(path)}`,
          ),
          token,
          'text/plain',
        ),
      )
    }
    case 'bitbucket_server': {
      const [project = '', slug = ''] = repository.split('/')
      return text(
        await get(
          vendorEndpoint(
            baseUrl,
            `projects/${encodeURIComponent(project)}/repos/${encodeURIComponent(slug)}/raw/${segments(path)}`,
          ),
          token,
          'text/plain',
        ),
      )
    }
  }
}
