import { findRoute, type RouteDef } from './routes'

/** Page title: the deepest matched route's title, then the server name; the server name alone without one. */
export function pageTitle(path: string, serverName: string, plugins: ReadonlyArray<RouteDef> = []): string {
  const title = findRoute(path, plugins)?.route.title
  const server = serverName.trim()
  if (!title) return server
  return server ? `${title} - ${server}` : title
}
