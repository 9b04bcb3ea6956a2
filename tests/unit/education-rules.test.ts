// The education center's rules a script sees (spec 001 sections 2-3): where each getting-started
// video is served, which one the panel offers next, and the feedback form's checks at its edges.
import { describe, expect, it } from 'vitest'
import { left, right } from 'fp-ts/Either'
import {
  EDUCATION_VIDEO_IDS,
  educationVideoPath,
  FEEDBACK_COMMENT_MAX,
  nextVideo,
  validateFeedback,
  validateFeedbackComment,
} from '../../domain/education'

describe('the getting-started videos', () => {
  it('are served as WebM files under the console API, one per video', () => {
    // The platform's route: GET /ui/education/videos/<id>.webm (server/education/routes.ts).
    expect(EDUCATION_VIDEO_IDS.map(educationVideoPath)).toEqual([
      '/ui/education/videos/welcome.webm',
      '/ui/education/videos/first-repository.webm',
      '/ui/education/videos/publish-package.webm',
    ])
  })

  it('the next one offered is the first not played, in their order; none once all are', () => {
    expect(nextVideo([])).toBe('welcome')
    expect(nextVideo(['welcome'])).toBe('first-repository')
    expect(nextVideo(['first-repository'])).toBe('welcome')
    expect(nextVideo(['welcome', 'first-repository'])).toBe('publish-package')
    expect(nextVideo(['publish-package', 'welcome', 'first-repository'])).toBeUndefined()
    // A video the platform no longer serves, played once, changes nothing.
    expect(nextVideo(['retired-video'])).toBe('welcome')
  })
})

describe('the feedback', () => {
  it('is trimmed before it is measured: 500 characters and blanks around them are accepted', () => {
    const most = 'x'.repeat(FEEDBACK_COMMENT_MAX)
    expect(validateFeedbackComment(`  ${most}\n`)).toEqual(right(most))
    expect(validateFeedbackComment(`${most}y`)).toEqual(left('feedbackTooLong'))
  })

  it('answered, with a comment too long, names the comment only', () => {
    expect(validateFeedback({ helpful: 'yes', comment: 'x'.repeat(FEEDBACK_COMMENT_MAX + 1) })).toEqual(
      left({ comment: { key: 'feedbackTooLong' } }),
    )
    expect(validateFeedback({ helpful: 'no', comment: 'x'.repeat(FEEDBACK_COMMENT_MAX + 1) })).toEqual(
      left({ comment: { key: 'feedbackTooLong' } }),
    )
  })

  it('not answered, with no comment, names the answer only', () => {
    expect(validateFeedback({ helpful: '', comment: '   ' })).toEqual(left({ helpful: { key: 'mandatory' } }))
  })
})
