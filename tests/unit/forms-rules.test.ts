import { describe, expect, it } from 'vitest'
import { left, right } from 'fp-ts/Either'
import { none, some } from 'fp-ts/Option'
import {
  MAX_UPLOAD_BYTES,
  encodeBase64,
  isBase64,
  isEmailAddress,
  sanitizeProviderUrl,
  validateJsonFile,
  validateMandatory,
  validateName,
  validateUrl,
  withBaseUrlTrailingSlash,
} from '../../domain/shared/forms'
import type { FormMessage } from '../../domain/shared/messages'
import { formText } from '../../ui/shared/formMessages'

describe('generic form rules', () => {
  // The rules give keys; the catalogue words them with the specifications' texts (spec 000 section 5).
  it.each<[FormMessage, string]>([
    [{ key: 'mandatory' }, 'This field is mandatory'],
    [{ key: 'invalidName' }, 'Name can only contain alphanumeric characters, dashes and periods'],
    [{ key: 'jsonFileExtension' }, 'File should have an extension of .json'],
    [{ key: 'fileSize' }, 'File size should be less than 13 MB'],
    [{ key: 'invalidUrl' }, 'Enter a valid URL'],
    [{ key: 'invalidEmail' }, 'Enter a valid email address'],
  ])('the catalogue words %o as %s', (message, text) => {
    expect(formText(message)).toBe(text)
  })

  it('mandatory', () => {
    expect(validateMandatory('x')).toEqual(right('x'))
    expect(validateMandatory('  ')).toEqual(left({ key: 'mandatory' }))
    expect(validateMandatory(undefined)).toEqual(left({ key: 'mandatory' }))
  })

  it('name pattern: letters, digits, dash, underscore, period', () => {
    expect(validateName('my-repo_1.0')).toEqual(right('my-repo_1.0'))
    expect(validateName('my repo')).toEqual(left({ key: 'invalidName' }))
    expect(validateName('a/b')).toEqual(left({ key: 'invalidName' }))
    expect(validateName('')).toEqual(left({ key: 'mandatory' }))
  })

  it('.json files of at most 13 MB', () => {
    expect(MAX_UPLOAD_BYTES).toBe(13 * 1024 * 1024)
    expect(validateJsonFile({ name: 'config.JSON', size: MAX_UPLOAD_BYTES })).toEqual(
      right({ name: 'config.JSON', size: MAX_UPLOAD_BYTES }),
    )
    expect(validateJsonFile({ name: 'config.yaml', size: 10 })).toEqual(left({ key: 'jsonFileExtension' }))
    expect(validateJsonFile({ name: '.json', size: 10 })).toEqual(left({ key: 'jsonFileExtension' }))
    expect(validateJsonFile({ name: 'a.json', size: MAX_UPLOAD_BYTES + 1 })).toEqual(
      left({ key: 'fileSize' }),
    )
  })

  it('valid URL', () => {
    expect(validateUrl('https://github.com/org')).toEqual(right('https://github.com/org'))
    expect(validateUrl('github.com')).toEqual(left({ key: 'invalidUrl' }))
    expect(validateUrl('javascript:alert(1)')).toEqual(left({ key: 'invalidUrl' }))
    expect(validateUrl('ftp://x.example')).toEqual(left({ key: 'invalidUrl' }))
  })

  it('sanitises provider URLs', () => {
    expect(sanitizeProviderUrl('https://sso.example/login?x=1')).toEqual(
      some('https://sso.example/login?x=1'),
    )
    expect(sanitizeProviderUrl('javascript:alert(1)')).toEqual(none)
    expect(sanitizeProviderUrl(' JaVaScRiPt:alert(1)')).toEqual(none)
    expect(sanitizeProviderUrl('data:text/html,<script>')).toEqual(none)
    expect(sanitizeProviderUrl('/relative')).toEqual(none)
  })

  it('base URL trailing slash', () => {
    expect(withBaseUrlTrailingSlash('https://git.example/api')).toBe('https://git.example/api/')
    expect(withBaseUrlTrailingSlash('https://git.example/')).toBe('https://git.example/')
    expect(withBaseUrlTrailingSlash('https://git.example')).toBe('https://git.example/')
    expect(withBaseUrlTrailingSlash('https://git.example/api?x=1')).toBe('https://git.example/api?x=1')
    expect(withBaseUrlTrailingSlash('not a url')).toBe('not a url')
  })

  it('base64 passes only on a round trip', () => {
    expect(isBase64('aGVsbG8=')).toBe(true)
    expect(isBase64('')).toBe(true)
    expect(isBase64('aGVsbG8')).toBe(false)
    expect(isBase64('aGVsbG9=')).toBe(false)
    expect(isBase64('a=GV')).toBe(false)
    expect(isBase64('aGV sbG8=')).toBe(false)
    expect(encodeBase64([...Buffer.from('hello')])).toBe('aGVsbG8=')
  })

  it('accepts an email address as the platform does (the one rule of every form)', () => {
    for (const ok of ['dev@example.org', 'first.last+tag@sub.example.co'])
      expect(isEmailAddress(ok), ok).toBe(true)
    for (const bad of [
      '',
      'dev',
      'dev@example',
      '@example.org',
      'a b@example.org',
      'a@b@c.org',
      '<dev>@example.org',
      'dev@exa"mple.org',
    ])
      expect(isEmailAddress(bad), bad).toBe(false)
  })
})
