/**
 * Onboarding: whether the instance still has only its default repositories, and the
 * onboarding questionnaire (one per user), validated step by step as the spec describes.
 */
import { platformStore } from './store'
import { repositoryStore } from '../repositories/store'
import type { FastifyInstance } from 'fastify'
import { HttpError, type ServerContext } from '../context'
import { projectKeyProblem } from '../admin/projectKey'
import { errors } from '../auth/schemas'
import { mandatory } from '../auth/validation'

// The questionnaire's choices are the console's (one list for both sides).
import { DESIRED_FEATURES, PURPOSES, ROLES } from '../../domain/gettingStarted/rules'
import { isoNow } from '../clock'
export const DEFAULT_PROJECT = { name: 'Default Project', key: 'dflt' } as const

export interface Questionnaire {
  purpose: '' | (typeof PURPOSES)[number]
  companyName: string
  ossProjectName: string
  role: '' | (typeof ROLES)[number]
  otherRole: string
  desiredFeature: string[]
  projectName: string
  projectKey: string
}

const emptyQuestionnaire = (): Questionnaire => ({
  purpose: '',
  companyName: '',
  ossProjectName: '',
  role: '',
  otherRole: '',
  desiredFeature: [],
  projectName: DEFAULT_PROJECT.name,
  projectKey: DEFAULT_PROJECT.key,
})

const text = (max: number) => ({ type: 'string', maxLength: max }) as const
const questionnaireProperties = {
  purpose: { type: 'string', enum: ['', ...PURPOSES] },
  companyName: text(200),
  ossProjectName: text(200),
  role: { type: 'string', enum: ['', ...ROLES] },
  otherRole: text(200),
  desiredFeature: {
    type: 'array',
    maxItems: DESIRED_FEATURES.length,
    uniqueItems: true,
    items: { type: 'string', enum: DESIRED_FEATURES },
  },
  projectName: text(200),
  projectKey: text(200),
} as const

/**
 * The first broken rule of the steps answered so far (a step's rules apply once it is
 * reached: the details step once a role is chosen, and so on).
 */
export function questionnaireProblem(q: Questionnaire): string | undefined {
  if (q.role !== '' || q.companyName !== '') {
    if (q.purpose === '') return mandatory('purpose')
    if (q.role === '') return mandatory('role')
    if (q.role === 'Other' && q.otherRole.trim() === '') return mandatory('otherRole')
    if (q.purpose === 'Commercial' && q.companyName.trim() === '') return mandatory('companyName')
  }
  if (q.projectName.trim() === '') return mandatory('projectName')
  const keyProblem = projectKeyProblem(q.projectKey)
  if (keyProblem) return `projectKey: ${keyProblem}`
  return undefined
}

export function registerOnboardingRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const store = platformStore(ctx.sql)

  app.get(
    '/ui/onboarding/initStatus',
    {
      schema: {
        summary: 'Whether the instance still has only its default repositories',
        response: {
          200: {
            type: 'object',
            properties: { hasOnlyDefaultRepos: { type: 'boolean' } },
            required: ['hasOnlyDefaultRepos'],
          },
          ...errors(401),
        },
      },
    },
    async (request) => {
      ctx.requireUser(request, { allowAnonymous: true })
      return { hasOnlyDefaultRepos: !(await repositoryStore(ctx.sql).anyAdded()) }
    },
  )

  app.put(
    '/ui/onboarding/gettingStarted',
    {
      schema: {
        summary: 'Record that the signed-in user has seen getting started (free-tier admins see it once)',
        response: {
          200: {
            type: 'object',
            properties: { hasSeenGettingStarted: { type: 'boolean' } },
            required: ['hasSeenGettingStarted'],
          },
          ...errors(401),
        },
      },
    },
    async (request) => {
      const user = ctx.requireUser(request)
      await store.sawGettingStarted(user.id)
      return { hasSeenGettingStarted: true }
    },
  )

  const questionnaireSchema = {
    type: 'object',
    properties: { ...questionnaireProperties, updatedAt: { type: 'string' } },
    required: Object.keys(questionnaireProperties),
  } as const

  app.get(
    '/ui/onboarding/questionnaire',
    {
      schema: {
        summary: "The signed-in user's onboarding questionnaire (defaults when not answered)",
        response: { 200: questionnaireSchema, ...errors(401) },
      },
    },
    async (request) => {
      const user = ctx.requireUser(request)
      const row = await store.questionnaire(user.id)
      return row
        ? { ...(JSON.parse(row.data) as Questionnaire), updatedAt: row.updated_at }
        : emptyQuestionnaire()
    },
  )

  app.put<{ Body: Partial<Questionnaire> }>(
    '/ui/onboarding/questionnaire',
    {
      schema: {
        summary: 'Save the onboarding questionnaire (the steps answered so far are validated)',
        body: { type: 'object', properties: questionnaireProperties, additionalProperties: false },
        response: { 200: questionnaireSchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      const user = ctx.requireUser(request)
      const q: Questionnaire = { ...emptyQuestionnaire(), ...request.body }
      const problem = questionnaireProblem(q)
      if (problem) throw new HttpError(400, problem, 'VALIDATION')
      const now = isoNow(ctx.clock)
      await store.saveQuestionnaire(user.id, JSON.stringify(q), now)
      return { ...q, updatedAt: now }
    },
  )
}
