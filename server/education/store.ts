/** The education center as stored: the videos each user played and the feedback users gave. */
import { isoNow, type Clock } from '../clock'
import type { Sql } from '../db/sql'

export interface EducationProgress {
  readonly played: string[]
  readonly feedbackGiven: boolean
}

const PLAYED = 'SELECT video_id FROM education_videos_played WHERE user_id = ? ORDER BY played_at, video_id'
const FEEDBACK_GIVEN = 'SELECT 1 AS given FROM education_feedback WHERE user_id = ? LIMIT 1'
const RECORD_PLAYED = `INSERT INTO education_videos_played (user_id, video_id, played_at) VALUES (?, ?, ?)
  ON CONFLICT DO NOTHING`
const RECORD_FEEDBACK =
  'INSERT INTO education_feedback (user_id, module, helpful, comment, created_at) VALUES (?, ?, ?, ?, ?)'

export function educationStore(sql: Sql, clock: Clock) {
  return {
    async progress(userId: number): Promise<EducationProgress> {
      const played = await sql.all<{ video_id: string }>(PLAYED, [userId])
      return {
        played: played.map((r) => r.video_id),
        feedbackGiven: (await sql.one(FEEDBACK_GIVEN, [userId])) !== undefined,
      }
    },
    /** The first play counts; playing it again changes nothing. */
    async played(userId: number, videoId: string): Promise<void> {
      await sql.run(RECORD_PLAYED, [userId, videoId, isoNow(clock)])
    },
    async feedback(userId: number, module: string, helpful: boolean, comment: string): Promise<void> {
      await sql.run(RECORD_FEEDBACK, [userId, module, helpful, comment, isoNow(clock)])
    },
  }
}
