/**
 * The education center (spec 001 sections 2-3): a panel of learning modules, the first with
 * the getting-started videos the platform serves; which videos a user played and whether they
 * gave feedback are kept per user on the platform. The view words the modules and guides.
 */
import { left, right, type Either } from 'fp-ts/Either'
import type { Message, Problems } from '../shared/messages'

export const EDUCATION_MODULES = ['gettingStarted', 'repositories', 'security', 'automation'] as const
export type EducationModule = (typeof EDUCATION_MODULES)[number]

/** The getting-started videos: their id (the file the platform serves), title and length. */
export const EDUCATION_VIDEOS = [
  { id: 'welcome', title: 'Welcome to the platform', seconds: 3 },
  { id: 'first-repository', title: 'Create your first repository', seconds: 3 },
  { id: 'publish-package', title: 'Publish and find a package', seconds: 3 },
] as const
export type EducationVideoId = (typeof EDUCATION_VIDEOS)[number]['id']
export const EDUCATION_VIDEO_IDS: ReadonlyArray<EducationVideoId> = EDUCATION_VIDEOS.map((v) => v.id)

/** Where the platform serves a video (under the console API). */
export const educationVideoPath = (id: EducationVideoId): string => `/ui/education/videos/${id}.webm`

export const FEEDBACK_COMMENT_MAX = 500

/** The feedback's comment as sent (trimmed), or the problem's message key. */
export function validateFeedbackComment(comment: string): Either<'feedbackTooLong', string> {
  const trimmed = comment.trim()
  return trimmed.length > FEEDBACK_COMMENT_MAX ? left('feedbackTooLong') : right(trimmed)
}

export type FeedbackMessage = Extract<Message, { key: 'mandatory' | 'feedbackTooLong' }>

/** The feedback form as typed: "Was this helpful?" not answered yet is ''. */
export interface FeedbackValues {
  readonly helpful: 'yes' | 'no' | ''
  readonly comment: string
}

/** The feedback form, validated: the answer and the comment as the command takes them. */
export function validateFeedback(
  values: FeedbackValues,
): Either<
  Problems<'helpful' | 'comment', FeedbackMessage>,
  { readonly helpful: boolean; readonly comment: string }
> {
  const comment = validateFeedbackComment(values.comment)
  const problems: Problems<'helpful' | 'comment', FeedbackMessage> = {}
  if (values.helpful === '') problems.helpful = { key: 'mandatory' }
  if (comment._tag === 'Left') problems.comment = { key: comment.left }
  return values.helpful !== '' && comment._tag === 'Right'
    ? right({ helpful: values.helpful === 'yes', comment: comment.right })
    : left(problems)
}

/** The first video not played yet (the one the panel offers next), if any. */
export const nextVideo = (played: ReadonlyArray<string>): EducationVideoId | undefined =>
  EDUCATION_VIDEO_IDS.find((id) => !played.includes(id))
