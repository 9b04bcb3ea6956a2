/**
 * Admin API for users, groups and permission targets, and invitations. Every change runs in
 * one transaction: a refused request writes nothing.
 */
import type { FastifyInstance } from 'fastify'
// The actions a permission grants: one list for the server and the console.
import { PERMISSION_ACTIONS } from '../../domain/admin/types'
import type { ServerContext } from '../context'
import { insertUser } from '../auth/accounts'
import { issueMailToken } from '../auth/mailTokens'
import { hashPassword, passwordProblem } from '../auth/passwords'
import { passwordPolicyOf } from './securityRoutes'
import { emailSchema, errors, nameSchema, passwordSchema } from '../auth/schemas'
import { findUserByName, type UserRow } from '../auth/users'
import type { Sql } from '../db/sql'
import { adminUsersStore } from './usersStore'
import { groupsStore } from './groupsStore'
import { permissionTargetsStore } from './permissionTargetsStore'
import { sendMail } from '../mail/outbox'
import { readBaseUrl } from '../platform/baseUrl'
import { readGeneralConfig } from './generalConfig'
import { badRequest, conflict, emptyReply, notFound } from './common'
import { isoNow } from '../clock'

const nameParams = {
  type: 'object',
  properties: { name: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['name'],
} as const

// ---------------------------------------------------------------- users

const adminUserSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    email: { type: 'string' },
    admin: { type: 'boolean' },
    realm: { type: 'string' },
    mfaRequired: { type: 'boolean' },
    mfaEnrolled: { type: 'boolean' },
    passwordExpired: { type: 'boolean' },
    credentialsExpired: { type: 'boolean' },
    disabled: { type: 'boolean' },
    groups: { type: 'array', items: { type: 'string' } },
    createdAt: { type: 'string' },
    lastLoginAt: { type: ['string', 'null'] },
  },
  required: [
    'name',
    'email',
    'admin',
    'realm',
    'mfaRequired',
    'mfaEnrolled',
    'passwordExpired',
    'credentialsExpired',
    'disabled',
    'groups',
    'createdAt',
    'lastLoginAt',
  ],
} as const

const groupsField = { type: 'array', maxItems: 100, uniqueItems: true, items: nameSchema } as const
const userFlags = {
  admin: { type: 'boolean' },
  mfaRequired: { type: 'boolean' },
  passwordExpired: { type: 'boolean' },
  credentialsExpired: { type: 'boolean' },
  disabled: { type: 'boolean' },
} as const

interface UserBody {
  name: string
  email: string
  password: string
  admin?: boolean
  mfaRequired?: boolean
  passwordExpired?: boolean
  credentialsExpired?: boolean
  disabled?: boolean
  groups?: string[]
}

type UserPatch = Partial<Omit<UserBody, 'name'>> & { resetMfa?: boolean }

async function toAdminUser(sql: Sql, u: UserRow) {
  return {
    name: u.name,
    email: u.email,
    admin: u.admin === 1,
    realm: u.realm,
    mfaRequired: u.mfa_required === 1,
    mfaEnrolled: u.mfa_enrolled === 1,
    passwordExpired: u.password_expired === 1,
    credentialsExpired: u.credentials_expired === 1,
    disabled: u.disabled === 1,
    groups: await adminUsersStore(sql).groupsOf(u.id),
    createdAt: u.created_at,
    lastLoginAt: u.last_login_at,
  }
}

async function requireUserRow(sql: Sql, name: string): Promise<UserRow> {
  return (await findUserByName(sql, name)) ?? notFound(`User ${name}`)
}

async function checkPassword(sql: Sql, password: string): Promise<void> {
  const problem = passwordProblem(password, await passwordPolicyOf(sql))
  if (problem) badRequest(`password: ${problem}`)
}

export function registerAdminUserRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { config, sql } = ctx
  const users = adminUsersStore(sql)

  app.get(
    '/ui/admin/users',
    {
      schema: {
        summary: 'List users (admins)',
        response: { 200: { type: 'array', items: adminUserSchema }, ...errors(401, 403) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      return Promise.all((await users.list()).map((u) => toAdminUser(sql, u)))
    },
  )

  app.post<{ Body: UserBody }>(
    '/ui/admin/users',
    {
      schema: {
        summary: 'Create a user (admins)',
        body: {
          type: 'object',
          properties: {
            name: nameSchema,
            email: emailSchema,
            password: passwordSchema,
            ...userFlags,
            groups: groupsField,
          },
          required: ['name', 'email', 'password'],
          additionalProperties: false,
        },
        response: { 201: adminUserSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      ctx.requireAdmin(request)
      const b = request.body
      await checkPassword(sql, b.password)
      const passwordHash = await hashPassword(b.password)
      const created = await sql.transaction(async (tx) => {
        const user = await insertUser(
          { sql: tx, clock: ctx.clock },
          {
            name: b.name,
            email: b.email,
            passwordHash,
            admin: b.admin,
            mfaRequired: b.mfaRequired,
            passwordExpired: b.passwordExpired,
          },
        )
        const store = adminUsersStore(tx)
        if (b.credentialsExpired) await store.change(user.id, { credentialsExpired: true })
        if (b.disabled) await store.change(user.id, { disabled: true })
        if (b.groups) await store.setGroups(user.id, b.groups)
        return requireUserRow(tx, user.name)
      })
      return reply.status(201).send(await toAdminUser(sql, created))
    },
  )

  app.get<{ Params: { name: string } }>(
    '/ui/admin/users/:name',
    {
      schema: {
        summary: 'One user (admins)',
        params: nameParams,
        response: { 200: adminUserSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      return toAdminUser(sql, await requireUserRow(sql, request.params.name))
    },
  )

  app.put<{ Params: { name: string }; Body: UserPatch }>(
    '/ui/admin/users/:name',
    {
      schema: {
        summary:
          'Change a user (admins): email, password, flags (admin, mfaRequired, passwordExpired, credentialsExpired, disabled), groups, resetMfa',
        params: nameParams,
        body: {
          type: 'object',
          properties: {
            email: emailSchema,
            password: passwordSchema,
            ...userFlags,
            groups: groupsField,
            resetMfa: { type: 'boolean' },
          },
          additionalProperties: false,
        },
        response: { 200: adminUserSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const me = ctx.requireAdmin(request)
      const b = request.body
      if (b.password !== undefined) await checkPassword(sql, b.password)
      const passwordHash = b.password !== undefined ? await hashPassword(b.password) : undefined
      const updated = await sql.transaction(async (tx) => {
        const store = adminUsersStore(tx)
        const user = await requireUserRow(tx, request.params.name)
        if (b.admin === false && user.admin === 1 && (await store.adminCount()) <= 1)
          conflict('The last administrator cannot lose the admin flag')
        if (b.disabled === true && user.id === me.id) conflict('You cannot disable your own account')
        if (b.disabled === true && user.admin === 1 && (await store.enabledAdminCount()) <= 1)
          conflict('The last administrator cannot be disabled')
        await store.change(user.id, {
          ...(b.email !== undefined ? { email: b.email } : {}),
          ...(b.admin !== undefined ? { admin: b.admin } : {}),
          ...(b.mfaRequired !== undefined ? { mfaRequired: b.mfaRequired } : {}),
          ...(b.passwordExpired !== undefined ? { passwordExpired: b.passwordExpired } : {}),
          ...(b.credentialsExpired !== undefined ? { credentialsExpired: b.credentialsExpired } : {}),
          ...(b.disabled !== undefined ? { disabled: b.disabled } : {}),
          ...(b.resetMfa ? { resetMfa: true } : {}),
          ...(passwordHash !== undefined
            ? { password: { hash: passwordHash, changedAt: isoNow(ctx.clock) } }
            : {}),
        })
        if (b.groups) await store.setGroups(user.id, b.groups)
        // A new password or an expiry ends the user's sessions (except the admin's own request),
        // and its client tokens: a reset or expiry must end every credential, not the password
        // alone. Disabling ends every token the account holds.
        if (passwordHash !== undefined || b.passwordExpired || b.credentialsExpired || b.disabled)
          await store.endCredentials(user.id, me.id, b.disabled === true)
        return requireUserRow(tx, user.name)
      })
      return toAdminUser(sql, updated)
    },
  )

  app.delete<{ Params: { name: string } }>(
    '/ui/admin/users/:name',
    {
      schema: {
        summary: 'Delete a user (admins)',
        params: nameParams,
        response: { ...emptyReply, ...errors(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const me = ctx.requireAdmin(request)
      await sql.transaction(async (tx) => {
        const store = adminUsersStore(tx)
        const user = await requireUserRow(tx, request.params.name)
        if (user.id === me.id) conflict('You cannot delete your own account')
        if (user.admin === 1 && (await store.adminCount()) <= 1)
          conflict('The last administrator cannot be deleted')
        await store.delete(user)
      })
      return reply.status(204).send()
    },
  )

  // ---------------------------------------------------------------- invitations

  app.post<{ Body: { email: string } }>(
    '/ui/admin/invitations',
    {
      schema: {
        summary: 'Invite someone by email (admins): a single-use link is mailed to the outbox',
        body: {
          type: 'object',
          properties: { email: emailSchema },
          required: ['email'],
          additionalProperties: false,
        },
        response: {
          201: {
            type: 'object',
            properties: { email: { type: 'string' }, expiresAt: { type: 'string' } },
            required: ['email', 'expiresAt'],
          },
          ...errors(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const me = ctx.requireAdmin(request)
      const { email } = request.body
      const { token, expiresAt } = await issueMailToken(ctx, 'invitation', { email, createdBy: me.id })
      const general = await readGeneralConfig(ctx.sql, ctx.config)
      const link = `${await readBaseUrl(ctx, request)}/ui/login/invitation?token=${encodeURIComponent(token)}`
      sendMail(
        config.dataDir,
        {
          to: email,
          subject: `${general.serverName}: you are invited`,
          text: [
            'Hello,',
            '',
            `${me.name} invites you to ${general.serverName}. To create your account, open:`,
            '',
            link,
            '',
            `The link works once, until ${expiresAt}.`,
          ].join('\n'),
        },
        new Date(ctx.clock.now()),
      )
      return reply.status(201).send({ email, expiresAt })
    },
  )

  registerGroupRoutes(app, ctx)
  registerPermissionRoutes(app, ctx)
}

// ---------------------------------------------------------------- groups

const groupSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    description: { type: 'string' },
    autoJoin: { type: 'boolean' },
    members: { type: 'array', items: { type: 'string' } },
    createdAt: { type: 'string' },
  },
  required: ['name', 'description', 'autoJoin', 'members', 'createdAt'],
} as const

const membersField = { type: 'array', maxItems: 1000, uniqueItems: true, items: nameSchema } as const

function registerGroupRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const sql = ctx.sql
  const find = async (store: ReturnType<typeof groupsStore>, name: string) =>
    (await store.find(name)) ?? notFound(`Group ${name}`)

  app.get(
    '/ui/admin/groups',
    {
      schema: {
        summary: 'List groups (admins)',
        response: { 200: { type: 'array', items: groupSchema }, ...errors(401, 403) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      return groupsStore(sql).list()
    },
  )

  app.post<{ Body: { name: string; description?: string; autoJoin?: boolean; members?: string[] } }>(
    '/ui/admin/groups',
    {
      schema: {
        summary: 'Create a group (admins)',
        body: {
          type: 'object',
          properties: {
            name: nameSchema,
            description: { type: 'string', maxLength: 1000 },
            autoJoin: { type: 'boolean' },
            members: membersField,
          },
          required: ['name'],
          additionalProperties: false,
        },
        response: { 201: groupSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      ctx.requireAdmin(request)
      const b = request.body
      const group = await sql.transaction(async (tx) => {
        const store = groupsStore(tx)
        if (await store.exists(b.name)) conflict(`A group named ${b.name} already exists`)
        await store.insert({
          name: b.name,
          description: b.description ?? '',
          autoJoin: b.autoJoin ?? false,
          createdAt: isoNow(ctx.clock),
        })
        if (b.members) await store.setMembers(b.name, b.members)
        return store.toGroup(await find(store, b.name))
      })
      return reply.status(201).send(group)
    },
  )

  app.get<{ Params: { name: string } }>(
    '/ui/admin/groups/:name',
    {
      schema: {
        summary: 'One group (admins)',
        params: nameParams,
        response: { 200: groupSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      const store = groupsStore(sql)
      return store.toGroup(await find(store, request.params.name))
    },
  )

  app.put<{
    Params: { name: string }
    Body: { description?: string; autoJoin?: boolean; members?: string[] }
  }>(
    '/ui/admin/groups/:name',
    {
      schema: {
        summary: 'Change a group (admins); members replace the list',
        params: nameParams,
        body: {
          type: 'object',
          properties: {
            description: { type: 'string', maxLength: 1000 },
            autoJoin: { type: 'boolean' },
            members: membersField,
          },
          additionalProperties: false,
        },
        response: { 200: groupSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      const b = request.body
      return sql.transaction(async (tx) => {
        const store = groupsStore(tx)
        const g = await find(store, request.params.name)
        await store.change(g.name, { description: b.description, autoJoin: b.autoJoin })
        if (b.members) await store.setMembers(g.name, b.members)
        return store.toGroup(await find(store, g.name))
      })
    },
  )

  app.delete<{ Params: { name: string } }>(
    '/ui/admin/groups/:name',
    {
      schema: {
        summary: 'Delete a group (admins)',
        params: nameParams,
        response: { ...emptyReply, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      ctx.requireAdmin(request)
      await sql.transaction(async (tx) => {
        const store = groupsStore(tx)
        const g = await find(store, request.params.name)
        await store.delete(g.name)
      })
      return reply.status(204).send()
    },
  )
}

// ---------------------------------------------------------------- permissions

interface PermissionBody {
  name: string
  repositories?: string[]
  includePatterns?: string[]
  excludePatterns?: string[]
  users?: Record<string, string[]>
  groups?: Record<string, string[]>
}

const actionsMap = {
  type: 'object',
  maxProperties: 500,
  propertyNames: { maxLength: 64, pattern: '^[A-Za-z0-9._-]+$' },
  additionalProperties: {
    type: 'array',
    minItems: 1,
    uniqueItems: true,
    items: { type: 'string', enum: PERMISSION_ACTIONS },
  },
} as const
const patternList = {
  type: 'array',
  maxItems: 100,
  items: { type: 'string', minLength: 1, maxLength: 256 },
} as const
const permissionProperties = {
  repositories: {
    type: 'array',
    maxItems: 500,
    uniqueItems: true,
    items: { type: 'string', minLength: 1, maxLength: 128 },
  },
  includePatterns: patternList,
  excludePatterns: patternList,
  users: actionsMap,
  groups: actionsMap,
} as const
const permissionSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    repositories: { type: 'array', items: { type: 'string' } },
    includePatterns: { type: 'array', items: { type: 'string' } },
    excludePatterns: { type: 'array', items: { type: 'string' } },
    users: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    groups: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    createdAt: { type: 'string' },
  },
  required: ['name', 'repositories', 'includePatterns', 'excludePatterns', 'users', 'groups', 'createdAt'],
} as const

function registerPermissionRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { sql } = ctx
  const find = async (store: ReturnType<typeof permissionTargetsStore>, name: string) =>
    (await store.find(name)) ?? notFound(`Permission ${name}`)

  app.get(
    '/ui/admin/permissions',
    {
      schema: {
        summary: 'List permission targets (admins)',
        response: { 200: { type: 'array', items: permissionSchema }, ...errors(401, 403) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      const store = permissionTargetsStore(sql)
      const views = []
      for (const p of await store.list()) views.push(await store.toView(p))
      return views
    },
  )

  app.post<{ Body: PermissionBody }>(
    '/ui/admin/permissions',
    {
      schema: {
        summary: 'Create a permission target (admins)',
        body: {
          type: 'object',
          properties: { name: nameSchema, ...permissionProperties },
          required: ['name'],
          additionalProperties: false,
        },
        response: { 201: permissionSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      ctx.requireAdmin(request)
      const b = request.body
      const createdAt = isoNow(ctx.clock)
      const permission = await sql.transaction(async (tx) => {
        const store = permissionTargetsStore(tx)
        if (await store.find(b.name)) conflict(`A permission named ${b.name} already exists`)
        await store.insert(
          b.name,
          {
            repositories: b.repositories ?? [],
            includePatterns: b.includePatterns ?? ['**'],
            excludePatterns: b.excludePatterns ?? [],
          },
          createdAt,
        )
        await store.setPrincipals(b.name, b.users ?? {}, b.groups ?? {})
        return store.toView(await find(store, b.name))
      })
      return reply.status(201).send(permission)
    },
  )

  app.get<{ Params: { name: string } }>(
    '/ui/admin/permissions/:name',
    {
      schema: {
        summary: 'One permission target (admins)',
        params: nameParams,
        response: { 200: permissionSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      const store = permissionTargetsStore(sql)
      return store.toView(await find(store, request.params.name))
    },
  )

  app.put<{ Params: { name: string }; Body: Omit<PermissionBody, 'name'> }>(
    '/ui/admin/permissions/:name',
    {
      schema: {
        summary: 'Change a permission target (admins); given lists replace the stored ones',
        params: nameParams,
        body: { type: 'object', properties: permissionProperties, additionalProperties: false },
        response: { 200: permissionSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      const b = request.body
      return sql.transaction(async (tx) => {
        const store = permissionTargetsStore(tx)
        const p = await find(store, request.params.name)
        await store.change(p.name, b)
        if (b.users || b.groups) {
          const current = await store.toView(p)
          await store.setPrincipals(p.name, b.users ?? current.users, b.groups ?? current.groups)
        }
        return store.toView(await find(store, p.name))
      })
    },
  )

  app.delete<{ Params: { name: string } }>(
    '/ui/admin/permissions/:name',
    {
      schema: {
        summary: 'Delete a permission target (admins)',
        params: nameParams,
        response: { ...emptyReply, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      ctx.requireAdmin(request)
      const store = permissionTargetsStore(sql)
      await store.delete((await find(store, request.params.name)).name)
      return reply.status(204).send()
    },
  )
}
