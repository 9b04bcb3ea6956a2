import * as t from 'io-ts'

/** The web server's default ports (spec 000 section 9), for reverse proxies that name none. */
export const DEFAULT_HTTP_PORT = 80
export const DEFAULT_HTTPS_PORT = 443

/**
 * A reverse proxy of the web server configuration (spec 001 section 3): the name and ports
 * clients reach the platform by when it sits behind one, and how container images are addressed
 * through it (a path prefix per repository, a subdomain per repository, or a port per repository).
 */
export const ReverseProxyC = t.type({
  serverName: t.string,
  dockerReverseProxyMethod: t.keyof({ SUBDOMAIN: null, REPOPATHPREFIX: null, PORTPERREPO: null }),
  reverseProxyRepositories: t.array(t.string),
  useHttps: t.boolean,
  useHttp: t.boolean,
  httpsPort: t.number,
  httpPort: t.number,
})
export type ReverseProxy = t.TypeOf<typeof ReverseProxyC>
