/**
 * The contact-us form of trial and tour users: validated and stored; admins list them.
 */
import type { FastifyInstance } from 'fastify'
import { HttpError, type ServerContext } from '../context'
import { emailSchema, errors } from '../auth/schemas'
import { HELP_OPTIONS } from '../../domain/contact/rules'
import { isoNow } from '../clock'
import { platformStore, type ContactRow } from './store'

const API_PREFIX = '/ui/api/v1'

export { HELP_OPTIONS }

interface ContactBody {
  firstName: string
  lastName: string
  country: string
  email: string
  helpOption: (typeof HELP_OPTIONS)[number]
  optionalComment?: string
  marketoDataKey?: string
  LeadSource?: string
  Lead_Source_Details__c?: string
  MRK_FormType__c?: string
}

const required = (max: number) => ({ type: 'string', minLength: 1, maxLength: max, pattern: '\\S' }) as const
const optional = (max: number) => ({ type: 'string', maxLength: max }) as const

const contactProperties = {
  firstName: required(100),
  lastName: required(100),
  country: required(100),
  email: emailSchema,
  helpOption: { type: 'string', enum: HELP_OPTIONS },
  optionalComment: optional(2000),
  marketoDataKey: optional(200),
  LeadSource: optional(100),
  Lead_Source_Details__c: optional(200),
  MRK_FormType__c: optional(100),
} as const

const contactRecord = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    ...contactProperties,
    optionalComment: { type: 'string' },
    createdAt: { type: 'string' },
  },
  required: ['id', 'firstName', 'lastName', 'country', 'email', 'helpOption', 'createdAt'],
} as const

const toRecord = (r: ContactRow) => ({
  id: r.id,
  firstName: r.first_name,
  lastName: r.last_name,
  country: r.country,
  email: r.email,
  helpOption: r.help_option,
  optionalComment: r.optional_comment,
  marketoDataKey: r.marketo_data_key,
  LeadSource: r.lead_source,
  Lead_Source_Details__c: r.lead_source_details,
  MRK_FormType__c: r.form_type,
  createdAt: r.created_at,
})

/** 10:00 UTC on the three working days after the request. */
export function demoSlots(after: Date): Date[] {
  const slots: Date[] = []
  const day = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), 10))
  while (slots.length < 3) {
    day.setUTCDate(day.getUTCDate() + 1)
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) slots.push(new Date(day))
  }
  return slots
}

export function registerContactRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const store = platformStore(ctx.sql)

  app.post<{ Body: ContactBody }>(
    '/marketing/contact',
    {
      schema: {
        summary: 'Send a contact request (stored for the sales team)',
        body: {
          type: 'object',
          properties: contactProperties,
          required: ['firstName', 'lastName', 'country', 'email', 'helpOption'],
          additionalProperties: false,
        },
        response: {
          201: {
            ...contactRecord,
            properties: { ...contactRecord.properties, schedulingLink: { type: 'string' } },
          },
          ...errors(400, 401),
        },
      },
    },
    async (request, reply) => {
      const user = ctx.requireUser(request, { allowAnonymous: true })
      const b = request.body
      const createdAt = isoNow(ctx.clock)
      const row = await store.addContact({
        user_id: user.id === 0 ? null : user.id,
        first_name: b.firstName.trim(),
        last_name: b.lastName.trim(),
        country: b.country.trim(),
        email: b.email,
        help_option: b.helpOption,
        optional_comment: b.optionalComment ?? '',
        lead_source: b.LeadSource ?? '',
        lead_source_details: b.Lead_Source_Details__c ?? '',
        form_type: b.MRK_FormType__c ?? '',
        marketo_data_key: b.marketoDataKey ?? '',
        created_at: createdAt,
      })
      const schedulingLink =
        row.help_option === 'Request a demo'
          ? `${API_PREFIX}/marketing/contact/${row.id}/schedule`
          : undefined
      return reply.status(201).send({ ...toRecord(row), ...(schedulingLink ? { schedulingLink } : {}) })
    },
  )

  app.get<{ Params: { id: string } }>(
    '/marketing/contact/:id/schedule',
    {
      schema: {
        summary: 'The page a demo request books its time on (three working-day slots after the request)',
        params: { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9]{1,12}$' } } },
      },
    },
    async (request, reply) => {
      const row = await store.demoRequestedAt(Number(request.params.id))
      if (!row) throw new HttpError(404, 'No such demo request', 'NOT_FOUND')
      const slots = demoSlots(new Date(row.created_at))
        .map((d) => `<li>${d.toUTCString()}</li>`)
        .join('')
      return reply
        .type('text/html; charset=utf-8')
        .header('Content-Security-Policy', "default-src 'none'")
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Book your demo</title></head>` +
            `<body><h1>Book your demo</h1><p>Reply to our email with the time that suits you:</p><ul>${slots}</ul></body></html>`,
        )
    },
  )

  app.get(
    '/ui/admin/contactRequests',
    {
      schema: {
        summary: 'Contact requests received (admins), newest first',
        response: { 200: { type: 'array', items: contactRecord }, ...errors(401, 403) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      const rows = await store.contacts(500)
      return rows.map(toRecord)
    },
  )
}
