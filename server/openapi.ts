/**
 * Builds the OpenAPI document from the JSON schemas routes are declared with, so the
 * document cannot drift from what the server validates.
 */
import type { FastifyInstance } from 'fastify'

interface Operation {
  summary?: string
  parameters: Array<Record<string, unknown>>
  requestBody?: Record<string, unknown>
  responses: Record<string, unknown>
}

type RouteSchema = {
  hide?: boolean
  summary?: string
  description?: string
  tags?: string[]
  body?: unknown
  querystring?: { properties?: Record<string, unknown>; required?: string[] }
  params?: { properties?: Record<string, unknown>; required?: string[] }
  response?: Record<string, unknown>
}

export function openApiCollector(app: FastifyInstance, prefix: string) {
  const paths: Record<string, Record<string, Operation>> = {}
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ?? {}) as RouteSchema
    if (schema.hide || !route.url.startsWith(prefix) || route.url.endsWith('/*')) return
    const path = route.url.slice(prefix.length).replace(/:([A-Za-z_]+)/g, '{$1}') || '/'
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD')
    for (const method of methods) {
      const parameters: Array<Record<string, unknown>> = []
      for (const [where, s] of [
        ['query', schema.querystring],
        ['path', schema.params],
      ] as const) {
        for (const [name, p] of Object.entries(s?.properties ?? {}))
          parameters.push({
            name,
            in: where,
            required: where === 'path' || (s?.required ?? []).includes(name),
            schema: p,
          })
      }
      const responses: Record<string, unknown> = {}
      for (const [code, body] of Object.entries(schema.response ?? { 200: {} }))
        responses[code] = { description: `HTTP ${code}`, content: { 'application/json': { schema: body } } }
      const operation: Operation = { parameters, responses }
      if (schema.summary ?? schema.description) operation.summary = schema.summary ?? schema.description
      if (schema.body) operation.requestBody = { content: { 'application/json': { schema: schema.body } } }
      ;(paths[path] ??= {})[method.toLowerCase()] = operation
    }
  })
  return {
    document: () => ({
      openapi: '3.0.3',
      info: { title: 'Reference platform API', version: '1' },
      servers: [{ url: prefix }],
      paths,
    }),
  }
}
