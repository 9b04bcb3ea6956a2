import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { markdownToText } from '../../domain/shared/markdownText'

describe('a short description in markdown reads as its words', () => {
  it.each([
    ['_shake_ your tree', 'shake your tree'],
    ['**bold** and *light*', 'bold and light'],
    ['the `rc` loader', 'the rc loader'],
    ['see [the docs](https://example.test/x) first', 'see the docs first'],
    ['![logo](x.png) Fast', 'logo Fast'],
    ['# Title', 'Title'],
    ['~~old~~ new', 'old new'],
    ['a <b>tag</b>', 'a tag'],
    ['escaped \\_name\\_', 'escaped _name_'],
  ])('%s', (markdown, text) => {
    expect(markdownToText(markdown)).toBe(text)
  })

  it('keeps words that only look like marks: snake_case, 2 * 3 * 4, a lone underscore', () => {
    expect(markdownToText('use snake_case_names')).toBe('use snake_case_names')
    expect(markdownToText('2 * 3 * 4')).toBe('2 * 3 * 4')
    expect(markdownToText('a _ b')).toBe('a _ b')
  })

  it('plain text without marks comes back as it was (spaces folded)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9 ,.:;'?-]{0,60}$/), (text) => {
        expect(markdownToText(text)).toBe(text.replace(/\s+/g, ' ').trim())
      }),
    )
  })
})
