/** The education center's feedback form rule (domain/education/rules.ts validateFeedback). */
import { describe, expect, it } from 'vitest'
import { left, right } from 'fp-ts/Either'
import { FEEDBACK_COMMENT_MAX, validateFeedback } from '../../domain/education'

describe('validateFeedback', () => {
  it.each([
    ['yes, no comment', { helpful: 'yes', comment: '' }, right({ helpful: true, comment: '' })],
    [
      'no, a comment (trimmed)',
      { helpful: 'no', comment: '  long  ' },
      right({ helpful: false, comment: 'long' }),
    ],
    ['not answered', { helpful: '', comment: 'fine' }, left({ helpful: { key: 'mandatory' } })],
    [
      'a comment too long, not answered',
      { helpful: '', comment: 'x'.repeat(FEEDBACK_COMMENT_MAX + 1) },
      left({ helpful: { key: 'mandatory' }, comment: { key: 'feedbackTooLong' } }),
    ],
    [
      'a comment of the most allowed',
      { helpful: 'yes', comment: 'x'.repeat(FEEDBACK_COMMENT_MAX) },
      right({ helpful: true, comment: 'x'.repeat(FEEDBACK_COMMENT_MAX) }),
    ],
  ] as const)('%s', (_, values, expected) => {
    expect(validateFeedback(values)).toEqual(expected)
  })
})
