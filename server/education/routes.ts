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
} from '../../domain/onboarding/education'
import { isoNow } from '../clock'

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
  const { db } = ctx
  // Read once: three clips of ~12 KB each.
  const videos = new Map(
    EDUCATION_VIDEO_IDS.map((id) => [id, readFileSync(join(videosDir, `${id}.webm`))] as const),
  )
  const played = db.prepare(
    'SELECT video_id FROM education_videos_played WHERE user_id = ? ORDER BY played_at, video_id',
  )
  const feedback = db.prepare('SELECT 1 FROM education_feedback WHERE user_id = ? LIMIT 1')
  const progress = (userId: number) => ({
    played: (played.all(userId) as Array<{ video_id: string }>).map((r) => r.video_id),
    feedbackGiven: feedback.get(userId) !== undefined,
  })

  app.get(
    '/ui/education',
    {
      schema: {
        summary:
          'The education center of the signed-in user: the videos played and whether feedback was given',
        response: { 200: progressSchema, ...errors(401) },
      },
    },
    async (request) => progress(ctx.requireUser(request).id),
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
      db.prepare(
        'INSERT OR IGNORE INTO education_videos_played (user_id, video_id, played_at) VALUES (?, ?, ?)',
      ).run(user.id, request.params.id, isoNow(ctx.clock))
      return progress(user.id)
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
      db.prepare(
        'INSERT INTO education_feedback (user_id, module, helpful, comment, created_at) VALUES (?, ?, ?, ?, ?)',
      ).run(user.id, module, helpful ? 1 : 0, comment.trim(), isoNow(ctx.clock))
      return progress(user.id)
    },
  )
}

export default routes
