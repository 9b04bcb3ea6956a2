/** The web server's default ports (spec 000 section 9), for reverse proxies that name none. */
export const DEFAULT_HTTP_PORT = 80
export const DEFAULT_HTTPS_PORT = 443
