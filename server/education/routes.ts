/**
 * The education center: its getting-started videos (small WebM clips kept beside this file,
 * made by scripts/educationVideos.ts), which of them each user played, and the feedback users
 * give on a module.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { HttpError, type RouteModule } from '../context'
import { errors } from '../auth/schemas'
import {
  EDUCATION_MODULES,
  EDUCATION_VIDEO_IDS,
  FEEDBACK_COMMENT_MAX,
  type EducationVideoId,
} from '../../domain/education'
import { educationStore } from './store'

const videosDir = join(import.meta.dirname, 'videos')

const progressSchema = {
  type: 'object',
  properties: {
    played: { type: 'array', items: { type: 'string' } },
    feedbackGiven: { type: 'boolean' },
  },
  required: ['played', 'feedbackGiven'],
} as const

const routes: RouteModule = async (app, ctx) => {
  // Read once: three clips of ~12 KB each.
  const videos = new Map(
    EDUCATION_VIDEO_IDS.map((id) => [id, readFileSync(join(videosDir, `${id}.webm`))] as const),
  )
  const store = educationStore(ctx.sql, ctx.clock)

  app.get(
    '/ui/education',
    {
      schema: {
        summary:
          'The education center of the signed-in user: the videos played and whether feedback was given',
        response: { 200: progressSchema, ...errors(401) },
      },
    },
    async (request) => store.progress(ctx.requireUser(request).id),
  )

  app.get<{ Params: { file: string } }>(
    '/ui/education/videos/:file',
    {
      schema: {
        summary: 'A getting-started video (WebM)',
        params: { type: 'object', properties: { file: { type: 'string' } } },
      },
    },
    async (request, reply) => {
      ctx.requireUser(request, { allowAnonymous: true })
      const id = request.params.file.replace(/\.webm$/, '') as EducationVideoId
      const bytes = request.params.file.endsWith('.webm') ? videos.get(id) : undefined
      if (!bytes) throw new HttpError(404, 'No such video', 'NOT_FOUND')
      return reply
        .type('video/webm')
        .header('cache-control', 'public, max-age=604800, immutable')
        .header('accept-ranges', 'none')
        .send(bytes)
    },
  )

  app.put<{ Params: { id: string } }>(
    '/ui/education/videos/:id/played',
    {
      schema: {
        summary: 'Record that the signed-in user played a getting-started video',
        params: { type: 'object', properties: { id: { type: 'string', enum: EDUCATION_VIDEO_IDS } } },
        response: { 200: progressSchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      const user = ctx.requireUser(request)
      await store.played(user.id, request.params.id)
      return store.progress(user.id)
    },
  )

  app.post<{ Body: { module: string; helpful: boolean; comment: string } }>(
    '/ui/education/feedback',
    {
      schema: {
        summary: 'Feedback on an education center module',
        body: {
          type: 'object',
          properties: {
            module: { type: 'string', enum: EDUCATION_MODULES },
            helpful: { type: 'boolean' },
            comment: { type: 'string', maxLength: FEEDBACK_COMMENT_MAX },
          },
          required: ['module', 'helpful', 'comment'],
          additionalProperties: false,
        },
        response: { 200: progressSchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      const user = ctx.requireUser(request)
      const { module, helpful, comment } = request.body
      await store.feedback(user.id, module, helpful, comment.trim())
      return store.progress(user.id)
    },
  )
}

export default routes
