/**
 * Client tokens under /ui/api/v1: the signed-in user lists, makes and revokes their own
 * (Edit Profile); admins list and revoke anyone's and set the longest lifetime. A token is
 * answered once, when made; only its hash is kept.
 */
import type { RouteModule } from '../context'
import { HttpError } from '../context'
import { isoNow } from '../clock'
import { errors } from '../auth/schemas'
import { registryAuth } from '../registry/auth'
import { policyProblem, TOKEN_ACCESS, TOKEN_DEFAULT_DAYS, type TokenRequest } from './rules'
import { tokenStore } from './store'

const str = { type: 'string' } as const
const tokenSchema = {
  type: 'object',
  properties: {
    id: str,
    user: str,
    description: str,
    scope: {
      type: 'object',
      properties: {
        repositories: { type: ['array', 'null'], items: str },
        access: { type: 'string', enum: [...TOKEN_ACCESS] },
      },
      required: ['repositories', 'access'],
    },
    createdAt: str,
    expiresAt: str,
  },
  required: ['id', 'user', 'description', 'scope', 'createdAt', 'expiresAt'],
} as const
const listSchema = {
  type: 'object',
  properties: {
    tokens: { type: 'array', items: tokenSchema },
    defaultDays: { type: 'integer' },
    maxDays: { type: 'integer' },
  },
  required: ['tokens', 'defaultDays', 'maxDays'],
} as const
const idParams = {
  type: 'object',
  properties: { id: { type: 'string', pattern: '^[0-9a-f]{1,64}$' } },
  required: ['id'],
} as const
const policySchema = {
  type: 'object',
  properties: { maxDays: { type: 'integer' } },
  required: ['maxDays'],
  additionalProperties: false,
} as const

const routes: RouteModule = async (app, ctx) => {
  const tokens = tokenStore(ctx.sql)
  const auth = registryAuth(ctx)
  const now = () => isoNow(ctx.clock)
  const listAnswer = async (list: Awaited<ReturnType<typeof tokens.listAll>>) => {
    const { maxDays } = await tokens.policy()
    return { tokens: list, defaultDays: Math.min(TOKEN_DEFAULT_DAYS, maxDays), maxDays }
  }

  app.get(
    '/ui/tokens',
    {
      schema: {
        summary: 'My client tokens (live ones), with the lifetimes allowed',
        response: { 200: listSchema, ...errors(401) },
      },
    },
    async (request) => {
      const me = ctx.requireUser(request)
      return listAnswer(await tokens.listOf(me.id, now()))
    },
  )

  app.post<{ Body: TokenRequest }>(
    '/ui/tokens',
    {
      schema: {
        summary:
          'Make a client token (answered once): description, lifetime in days, repositories (null: all), access',
        body: {
          type: 'object',
          properties: {
            description: { type: 'string', maxLength: 200 },
            expiresInDays: { type: 'integer' },
            repositories: {
              type: ['array', 'null'],
              maxItems: 200,
              items: { type: 'string', minLength: 1, maxLength: 200 },
            },
            access: { type: 'string', enum: [...TOKEN_ACCESS] },
          },
          additionalProperties: false,
        },
        response: {
          201: {
            type: 'object',
            properties: { ...tokenSchema.properties, token: str },
            required: [...tokenSchema.required, 'token'],
          },
          ...errors(400, 401),
        },
      },
    },
    async (request, reply) => {
      const me = ctx.requireUser(request)
      const made = await auth.issueToken(me.id, request.body)
      const listed = (await tokens.listOf(me.id, now())).find((t) => t.id === made.id)
      if (!listed) throw new HttpError(500, 'The token was not stored', 'NOT_STORED')
      return reply.status(201).send({ ...listed, token: made.token })
    },
  )

  app.delete<{ Params: { id: string } }>(
    '/ui/tokens/:id',
    { schema: { summary: 'Revoke one of my client tokens', params: idParams, response: errors(401, 404) } },
    async (request, reply) => {
      const me = ctx.requireUser(request)
      if (!(await tokens.revoke(request.params.id, me.id)))
        throw new HttpError(404, 'You have no such token', 'NOT_FOUND')
      return reply.status(204).send()
    },
  )

  app.get(
    '/ui/admin/tokens',
    {
      schema: {
        summary: 'Every live client token (admins)',
        response: { 200: listSchema, ...errors(401, 403) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      return listAnswer(await tokens.listAll(now()))
    },
  )

  app.delete<{ Params: { id: string } }>(
    '/ui/admin/tokens/:id',
    {
      schema: {
        summary: 'Revoke anyone’s client token (admins)',
        params: idParams,
        response: errors(401, 403, 404),
      },
    },
    async (request, reply) => {
      ctx.requireAdmin(request)
      if (!(await tokens.revoke(request.params.id))) throw new HttpError(404, 'No such token', 'NOT_FOUND')
      return reply.status(204).send()
    },
  )

  app.get(
    '/ui/admin/tokenPolicy',
    {
      schema: {
        summary: 'The longest lifetime of a client token (admins)',
        response: { 200: policySchema, ...errors(401, 403) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      return tokens.policy()
    },
  )

  app.put<{ Body: { maxDays: number } }>(
    '/ui/admin/tokenPolicy',
    {
      schema: {
        summary:
          'Set the longest lifetime of a client token, in days (admins); tokens made before keep theirs',
        body: policySchema,
        response: { 200: policySchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      const problem = policyProblem(request.body)
      if (problem) throw new HttpError(400, problem, 'BAD_POLICY')
      await tokens.setPolicy(request.body, now())
      return tokens.policy()
    },
  )
}

export default routes
