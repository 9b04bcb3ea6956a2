/**
 * Admin API: projects and their members. Project keys follow the specification's rule.
 * Signed-in users also get `GET /ui/projects`: the projects they belong to (all for admins).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError, type ServerContext, type SessionUser } from '../context'
import { errors, nameSchema } from '../auth/schemas'
import { administeredProjects } from '../auth/users'
import { badRequest, conflict, emptyReply, notFound } from './common'

type ProjectsStore = ReturnType<typeof projectsStore>
import { PROJECT_KEY_MAX_LENGTH, projectKeyProblem } from './projectKey'
import { projectsStore, type ProjectRow } from './projectsStore'

// The roles are the console's (one list for both sides).
import { PROJECT_ROLES } from '../../domain/admin/types'
import { isoNow } from '../clock'

interface AdminPrivileges {
  manageMembers: boolean
  manageResources: boolean
  indexResources: boolean
}

interface ProjectBody {
  key: string
  name: string
  description?: string
  adminPrivileges?: Partial<AdminPrivileges>
}

const privilegesSchema = {
  type: 'object',
  properties: {
    manageMembers: { type: 'boolean' },
    manageResources: { type: 'boolean' },
    indexResources: { type: 'boolean' },
  },
  additionalProperties: false,
} as const

const projectFields = {
  name: { type: 'string', minLength: 1, maxLength: 128, pattern: '\\S' },
  description: { type: 'string', maxLength: 2000 },
  adminPrivileges: privilegesSchema,
} as const

const projectSchema = {
  type: 'object',
  properties: {
    key: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    adminPrivileges: {
      ...privilegesSchema,
      required: ['manageMembers', 'manageResources', 'indexResources'],
    },
    createdAt: { type: 'string' },
  },
  required: ['key', 'name', 'description', 'adminPrivileges', 'createdAt'],
} as const

const memberSchema = {
  type: 'object',
  properties: {
    name: nameSchema,
    roles: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', enum: PROJECT_ROLES } },
  },
  required: ['name', 'roles'],
  additionalProperties: false,
} as const

const keyParams = {
  type: 'object',
  properties: { key: { type: 'string', minLength: 1, maxLength: PROJECT_KEY_MAX_LENGTH } },
  required: ['key'],
} as const

const toProject = (r: ProjectRow) => ({
  key: r.key,
  name: r.name,
  description: r.description,
  adminPrivileges: {
    manageMembers: r.manage_members === 1,
    manageResources: r.manage_resources === 1,
    indexResources: r.index_resources === 1,
  },
  createdAt: r.created_at,
})

/** The project, or 404. */
async function find(store: ProjectsStore, key: string): Promise<ProjectRow> {
  return (await store.find(key)) ?? notFound(`Project ${key}`)
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Opens an admin route to project administrators as well (for the projects they administer,
     * `:key`, or the list). Every other route of the admin area stays for admins.
     */
    projectAdmin?: boolean
  }
}

/** The admin guard of a route that says `projectAdmin`: admins, and that project's administrators. */
export function projectAdminGuard(ctx: ServerContext, request: FastifyRequest): Promise<SessionUser> {
  return requireProjectAdmin(ctx, request, (request.params as { key?: string } | undefined)?.key)
}

/** Admins, and project administrators of `key` (for members only when the project lets them). */
async function requireProjectAdmin(
  ctx: ServerContext,
  request: FastifyRequest,
  key?: string,
): Promise<SessionUser> {
  const user = ctx.requireUser(request)
  if (user.admin) return user
  const keys = await administeredProjects(ctx.sql, user.id)
  if (key === undefined ? keys.length === 0 : !keys.includes(key))
    throw new HttpError(403, 'Administrators only', 'FORBIDDEN')
  return user
}

/** `GET /ui/projects`, for every signed-in user: outside the admin area. */
export function registerProjectListRoute(app: FastifyInstance, ctx: ServerContext): void {
  app.get(
    '/ui/projects',
    {
      schema: {
        summary: 'Projects the signed-in user belongs to (every project for admins)',
        response: { 200: { type: 'array', items: projectSchema }, ...errors(401) },
      },
    },
    async (request) => {
      const user = ctx.requireUser(request)
      const store = projectsStore(ctx.sql)
      const rows = user.admin ? await store.list() : await store.listOfMember(user.id)
      return rows.map(toProject)
    },
  )
}

export function registerProjectRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { sql } = ctx

  app.get(
    '/ui/admin/projects',
    {
      config: { projectAdmin: true },
      schema: {
        summary: 'List projects (admins: all; project administrators: the projects they administer)',
        response: { 200: { type: 'array', items: projectSchema }, ...errors(401, 403) },
      },
    },
    async (request) => {
      const user = await requireProjectAdmin(ctx, request)
      const rows = await projectsStore(sql).list()
      if (user.admin) return rows.map(toProject)
      const keys = new Set(await administeredProjects(ctx.sql, user.id))
      return rows.filter((r) => keys.has(r.key)).map(toProject)
    },
  )

  app.post<{ Body: ProjectBody }>(
    '/ui/admin/projects',
    {
      schema: {
        summary: 'Create a project (admins); the key must start with a lowercase character',
        body: {
          type: 'object',
          properties: { key: { type: 'string', maxLength: 1000 }, ...projectFields },
          required: ['key', 'name'],
          additionalProperties: false,
        },
        response: { 201: projectSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      ctx.requireAdmin(request)
      const b = request.body
      const problem = projectKeyProblem(b.key)
      if (problem) badRequest(problem)
      const p = { manageMembers: true, manageResources: true, indexResources: true, ...b.adminPrivileges }
      const createdAt = isoNow(ctx.clock)
      const row = await sql.transaction(async (tx) => {
        const store = projectsStore(tx)
        if (await store.find(b.key)) conflict(`A project with key ${b.key} already exists`)
        if (await store.nameTaken(b.name)) conflict(`A project named ${b.name.trim()} already exists`)
        await store.insert(b.key, { name: b.name.trim(), description: b.description ?? '', ...p }, createdAt)
        return find(store, b.key)
      })
      return reply.status(201).send(toProject(row))
    },
  )

  app.get<{ Params: { key: string } }>(
    '/ui/admin/projects/:key',
    {
      config: { projectAdmin: true },
      schema: {
        summary: 'One project (admins, and its project administrators)',
        params: keyParams,
        response: { 200: projectSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      await requireProjectAdmin(ctx, request, request.params.key)
      return toProject(await find(projectsStore(sql), request.params.key))
    },
  )

  app.put<{ Params: { key: string }; Body: Omit<ProjectBody, 'key'> }>(
    '/ui/admin/projects/:key',
    {
      schema: {
        summary: 'Change a project (admins); the key cannot change',
        params: keyParams,
        body: { type: 'object', properties: projectFields, additionalProperties: false },
        response: { 200: projectSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      const b = request.body
      const row = await sql.transaction(async (tx) => {
        const store = projectsStore(tx)
        const current = await find(store, request.params.key)
        if (b.name !== undefined && (await store.nameTaken(b.name, current.key)))
          conflict(`A project named ${b.name.trim()} already exists`)
        const p = { ...toProject(current).adminPrivileges, ...b.adminPrivileges }
        await store.change(current.key, {
          name: b.name?.trim() ?? current.name,
          description: b.description ?? current.description,
          ...p,
        })
        return find(store, current.key)
      })
      return toProject(row)
    },
  )

  app.delete<{ Params: { key: string } }>(
    '/ui/admin/projects/:key',
    {
      schema: {
        summary: 'Delete a project and its memberships (admins)',
        params: keyParams,
        response: { ...emptyReply, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      ctx.requireAdmin(request)
      const store = projectsStore(sql)
      await store.delete((await find(store, request.params.key)).key)
      return reply.status(204).send()
    },
  )

  const membersResponse = {
    type: 'array',
    items: {
      type: 'object',
      properties: { name: { type: 'string' }, roles: { type: 'array', items: { type: 'string' } } },
      required: ['name', 'roles'],
    },
  } as const

  app.get<{ Params: { key: string } }>(
    '/ui/admin/projects/:key/members',
    {
      config: { projectAdmin: true },
      schema: {
        summary: 'Members of a project (admins, and its project administrators)',
        params: keyParams,
        response: { 200: membersResponse, ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      await requireProjectAdmin(ctx, request, request.params.key)
      const store = projectsStore(sql)
      return store.members((await find(store, request.params.key)).key)
    },
  )

  app.put<{ Params: { key: string }; Body: Array<{ name: string; roles: string[] }> }>(
    '/ui/admin/projects/:key/members',
    {
      config: { projectAdmin: true },
      schema: {
        summary:
          'Replace the members of a project (admins; its project administrators when the project lets them manage members)',
        params: keyParams,
        body: { type: 'array', maxItems: 1000, items: memberSchema },
        response: { 200: membersResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = await requireProjectAdmin(ctx, request, request.params.key)
      return sql.transaction(async (tx) => {
        const store = projectsStore(tx)
        const project = await find(store, request.params.key)
        if (!user.admin && project.manage_members !== 1)
          throw new HttpError(403, 'This project does not let its administrators manage members', 'FORBIDDEN')
        await store.setMembers(project.key, request.body)
        return store.members(project.key)
      })
    },
  )
}
