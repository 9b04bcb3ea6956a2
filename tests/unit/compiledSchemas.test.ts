/**
 * Route schemas compiled once per process (server/compiledSchemas.ts): apps built one after the
 * other in one process (a test worker's platforms) share each compiled validator and serializer,
 * and a schema that differs is compiled on its own and judges by its own terms.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { compiledOncePerProcess } from '../../server/compiledSchemas'

const apps: FastifyInstance[] = []
afterAll(async () => {
  for (const app of apps) await app.close()
})

/** An app whose one route takes a name of at most `longest` characters and answers it. */
async function appWithNameRoute(longest: number) {
  const app = Fastify({ schemaController: compiledOncePerProcess })
  apps.push(app)
  const compiled: { validate?: unknown; serialize?: unknown } = {}
  app.post(
    '/names',
    {
      schema: {
        body: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string', maxLength: longest } },
          additionalProperties: false,
        },
        response: { 200: { type: 'object', properties: { name: { type: 'string' } } } },
      },
    },
    async (request, reply) => {
      compiled.validate = request.getValidationFunction('body')
      compiled.serialize = reply.getSerializationFunction('200')
      return { name: (request.body as { name: string }).name, secret: 'not in the schema' }
    },
  )
  await app.ready()
  const send = async (name: string) => {
    const answer = await app.inject({ method: 'POST', url: '/names', payload: { name } })
    return { status: answer.statusCode, body: answer.json<Record<string, unknown>>() }
  }
  return { send, compiled }
}

describe('route schemas compiled once per process', () => {
  it('shares one validator and one serializer between apps built with the same schema', async () => {
    const first = await appWithNameRoute(5)
    const second = await appWithNameRoute(5)
    expect(await first.send('short')).toEqual({ status: 200, body: { name: 'short' } })
    expect(await second.send('short')).toEqual({ status: 200, body: { name: 'short' } })
    expect(first.compiled.validate).toEqual(expect.any(Function))
    expect(second.compiled.validate).toBe(first.compiled.validate)
    expect(second.compiled.serialize).toBe(first.compiled.serialize)
    expect((await second.send('longer')).status).toBe(400)
  })

  it('compiles a schema that differs on its own, judged by its own limit', async () => {
    const five = await appWithNameRoute(5)
    const ten = await appWithNameRoute(10)
    expect((await five.send('sixsix')).status).toBe(400)
    expect(await ten.send('sixsix')).toEqual({ status: 200, body: { name: 'sixsix' } })
    await five.send('short')
    expect(ten.compiled.validate).not.toBe(five.compiled.validate)
  })
})
