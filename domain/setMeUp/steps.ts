/**
 * Set-me-up: how a package client is configured for a repository of the platform (spec 000
 * section 4, onboarding), for the addresses the platform really serves (npm's registry API under
 * /artifactory/api/npm/<repo>/, container images under /v2/<repo>/, files under /artifactory/<repo>/). Pure: the base URL comes from
 * `GET /ui/setMeUp`, the token from `POST /ui/npm/token`. Only views import
 * this (its texts stay out of the login page's bundle); no decider imports it.
 */
import { canonicalPackageType } from '../packageTypes'
import { DEFAULT_HTTPS_PORT, DEFAULT_HTTP_PORT, type ReverseProxy } from '../shared/webServer'

export interface SetupStep {
  /** What the step does, e.g. "Configure npm". */
  readonly title: string
  /** Where the snippet goes (a file name) or undefined for a shell command. */
  readonly file?: string
  readonly code: string
}

/** Who the instructions sign in as: the user and a client token generated for them (shown once). */
export interface ClientAccess {
  readonly user: string
  readonly token: string
}

/** Whether the platform serves this type's client (npm's registry API, container images, generic files); others get files only. */
export const clientServed = (packageType: string): boolean => {
  const type = canonicalPackageType(packageType)
  return type === 'npm' || type === 'docker' || type === 'generic'
}

const KIND_ORDER: Readonly<Record<string, number>> = { virtual: 0, local: 1, remote: 2 }

/**
 * The platform's repositories set-me-up offers for a package type: virtual ones first (they
 * resolve across their members and take deployments into their default repository), then local,
 * then remote; by key within a kind.
 */
export function setMeUpRepos(
  packageType: string,
  repositories: ReadonlyArray<{ readonly key: string; readonly packageType: string; readonly kind: string }>,
): string[] {
  const type = canonicalPackageType(packageType)
  return repositories
    .filter((r) => canonicalPackageType(r.packageType) === type)
    .sort((a, b) => (KIND_ORDER[a.kind] ?? 3) - (KIND_ORDER[b.kind] ?? 3) || a.key.localeCompare(b.key))
    .map((r) => r.key)
}

const trimBase = (baseUrl: string) => baseUrl.replace(/\/+$/, '')

/** The base URL without its scheme: the key npm finds credentials under (`//host:port/path/`). */
function schemelessOf(baseUrl: string): string {
  return baseUrl.replace(/^[a-z][a-z0-9+.-]*:/i, '')
}

/** Files over HTTP: what every repository of the platform serves under /artifactory/<repo>/. */
function fileSteps(base: string, repo: string, access: ClientAccess | undefined): SetupStep[] {
  const user = access ? `${access.user}:${access.token}` : '<user>'
  const url = `${base}/artifactory/${repo}/<path>`
  return [
    { title: 'Upload a file', code: `curl -u ${user} -T <file> "${url}"` },
    { title: 'Download a file', code: `curl -u ${user} -O "${url}"` },
  ]
}

/** `host[:port]` of a base URL: registry clients find the registry at the host's root (/v2/). */
const hostOf = (base: string): string => schemelessOf(base).replace(/^\/\//, '').split('/')[0] ?? ''

/** Where a registry client finds a repository's images: `<registry>/<image>` over TLS or not. */
export interface DockerRegistry {
  /** What `docker login` names: `host[:port]`. */
  readonly host: string
  /** What an image reference starts with: the host, and the repository's path when it has one. */
  readonly registry: string
  readonly plain: boolean
}

/**
 * Where docker reaches `repo`: through the reverse proxy that serves it (one naming the repository,
 * else one naming none, which serves them all), by its method (the repository as a path prefix,
 * a subdomain or the proxy's own port); without a proxy, straight at the base URL's host with
 * the repository as a path prefix. HTTPS wins when the proxy takes both; default ports go unsaid.
 */
export function dockerRegistry(
  baseUrl: string,
  repo: string,
  proxies: ReadonlyArray<ReverseProxy> = [],
): DockerRegistry {
  const proxy =
    proxies.find((p) => p.reverseProxyRepositories.includes(repo) && (p.useHttps || p.useHttp)) ??
    proxies.find((p) => p.reverseProxyRepositories.length === 0 && (p.useHttps || p.useHttp))
  if (proxy === undefined) {
    const host = hostOf(trimBase(baseUrl))
    return { host, registry: `${host}/${repo}`, plain: /^http:/i.test(baseUrl) }
  }
  const [port, fallback] = proxy.useHttps
    ? [proxy.httpsPort, DEFAULT_HTTPS_PORT]
    : [proxy.httpPort, DEFAULT_HTTP_PORT]
  const withPort = (name: string) => (port === fallback ? name : `${name}:${port}`)
  const plain = !proxy.useHttps
  switch (proxy.dockerReverseProxyMethod) {
    case 'SUBDOMAIN': {
      const host = withPort(`${repo}.${proxy.serverName}`)
      return { host, registry: host, plain }
    }
    case 'PORTPERREPO': {
      const host = withPort(proxy.serverName)
      return { host, registry: host, plain }
    }
    case 'REPOPATHPREFIX': {
      const host = withPort(proxy.serverName)
      return { host, registry: `${host}/${repo}`, plain }
    }
  }
}

/**
 * Container images under `<registry>/<image>:<tag>` (the platform's /v2/ API), with docker,
 * podman and skopeo. Over plain HTTP the clients must be told not to expect TLS.
 */
function dockerSteps(
  { host, registry, plain }: DockerRegistry,
  access: ClientAccess | undefined,
): SetupStep[] {
  const user = access?.user ?? '<user>'
  const creds = `${user}:${access?.token ?? '<token>'}`
  const login = (client: string, tls: string) =>
    `${client} login${tls} ${host} -u ${user}${access ? ` -p ${access.token}` : ''}`
  const ref = `${registry}/<image>:<tag>`
  const tls = plain ? ' --tls-verify=false' : ''
  const skopeoTls = (side: 'src' | 'dest' | '') =>
    plain ? ` --${side ? `${side}-` : ''}tls-verify=false` : ''
  return [
    {
      title: 'Sign in with docker',
      code: [
        ...(plain
          ? [`# Plain HTTP: add "insecure-registries": ["${host}"] to /etc/docker/daemon.json first`]
          : []),
        login('docker', ''),
      ].join('\n'),
    },
    { title: 'Tag an image', code: `docker tag <image>:<tag> ${ref}` },
    { title: 'Push an image', code: `docker push ${ref}` },
    { title: 'Pull an image', code: `docker pull ${ref}` },
    {
      title: 'With podman',
      // As docker's steps: a local image is named for this registry before it is pushed.
      code: [
        login('podman', tls),
        `podman tag <image>:<tag> ${ref}`,
        `podman push${tls} ${ref}`,
        `podman pull${tls} ${ref}`,
      ].join('\n'),
    },
    {
      title: 'With skopeo',
      code: [
        `skopeo copy${skopeoTls('dest')} --dest-creds ${creds} oci:<dir>:<tag> docker://${ref}`,
        `skopeo copy${skopeoTls('src')} --src-creds ${creds} docker://${ref} oci:<dir>:<tag>`,
        `skopeo list-tags${skopeoTls('')} --creds ${creds} docker://${registry}/<image>`,
      ].join('\n'),
    },
  ]
}

/**
 * The steps that set a client of `packageType` up for `repo` on the platform at `baseUrl`,
 * signed in with `access` when a token was generated (a placeholder otherwise), container images
 * through the platform's reverse `proxies`. Only what the platform serves: npm's registry,
 * container images and files; other clients get the files' upload and download.
 */
export function clientSetup(
  packageType: string,
  baseUrl: string,
  repo: string,
  access?: ClientAccess,
  proxies: ReadonlyArray<ReverseProxy> = [],
): ReadonlyArray<SetupStep> {
  const type = canonicalPackageType(packageType)
  const base = trimBase(baseUrl)
  if (type === 'docker') return dockerSteps(dockerRegistry(base, repo, proxies), access)
  if (type !== 'npm') return fileSteps(base, repo, access)
  const registry = `${base}/artifactory/api/npm/${repo}/`
  // npm looks a registry's credentials up by its exact address, without the scheme.
  const authKey = `${schemelessOf(base)}/artifactory/api/npm/${repo}/`
  return [
    {
      title: 'Configure npm',
      file: '~/.npmrc',
      code: `registry=${registry}\n${authKey}:_authToken=${access?.token ?? '<token>'}`,
    },
    { title: 'Or sign in with your password', code: `npm login --registry=${registry}` },
    { title: 'Publish a package', code: 'npm publish' },
    { title: 'Install a package', code: 'npm install <package>' },
  ]
}
