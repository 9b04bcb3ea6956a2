/** Support bundle form validation and the service list. */
import { describe, expect, it } from 'vitest'
import {
  bundleRequestProblem,
  bundleServicesFor,
  defaultBundleForm,
  validateBundleForm,
  wholeNumber,
  type BundleMessage,
} from '../../domain/supportBundles'
import { bundleText } from '../../ui/supportBundles/messages'

const MANDATORY: BundleMessage = { key: 'mandatory' }
const NAME_MESSAGE: BundleMessage = { key: 'invalidName' }

const form = (over: Partial<typeof defaultBundleForm>) => ({ ...defaultBundleForm, name: 'nightly', ...over })

describe('support bundle form', () => {
  it('turns a valid form into a request with whole numbers', () => {
    expect(validateBundleForm(form({ threadDumpCount: ' 2.9 ', threadDumpInterval: '3' }))).toEqual({
      _tag: 'Right',
      right: {
        name: 'nightly',
        description: '',
        service: 'artifactory',
        threadDumpCount: 2,
        threadDumpInterval: 3,
      },
    })
    expect(validateBundleForm(form({ threadDumpCount: '0', threadDumpInterval: '10' }))._tag).toBe('Right')
  })

  it('names every wrong field at once', () => {
    const result = validateBundleForm({
      name: '',
      description: 'x'.repeat(1001),
      service: 'pipelines',
      threadDumpCount: 'two',
      threadDumpInterval: '11',
    })
    expect(result).toEqual({
      _tag: 'Left',
      left: {
        name: MANDATORY,
        description: { key: 'bundleDescriptionTooLong', max: 1000 },
        service: { key: 'chooseService' },
        threadDumpCount: { key: 'wholeNumberOf', unit: 'threadDumps', max: 10 },
        threadDumpInterval: { key: 'wholeNumberOf', unit: 'seconds', max: 10 },
      },
    })
  })

  it.each<[string, BundleMessage]>([
    ['my bundle', NAME_MESSAGE],
    ['<script>', NAME_MESSAGE],
    ['ünïcode', NAME_MESSAGE],
    ['a'.repeat(65), { key: 'bundleNameTooLong', max: 64 }],
    ['   ', MANDATORY],
  ])('refuses the name %j', (name, message) => {
    const result = validateBundleForm(form({ name }))
    expect(result._tag === 'Left' && result.left.name).toEqual(message)
  })

  it.each<[BundleMessage, string]>([
    [{ key: 'bundleNameTooLong', max: 64 }, 'Name can be at most 64 characters'],
    [{ key: 'bundleDescriptionTooLong', max: 1000 }, 'Description can be at most 1000 characters'],
    [{ key: 'chooseService' }, 'Choose a service'],
    [
      { key: 'wholeNumberOf', unit: 'threadDumps', max: 10 },
      'Enter a whole number of thread dumps from 0 to 10',
    ],
    [{ key: 'wholeNumberOf', unit: 'seconds', max: 10 }, 'Enter a whole number of seconds from 0 to 10'],
    [NAME_MESSAGE, 'Name can only contain alphanumeric characters, dashes and periods'],
    [MANDATORY, 'This field is mandatory'],
  ])('the catalogue words %o as %s', (message, text) => {
    expect(bundleText(message)).toBe(text)
  })

  it('reads counts as whole numbers within bounds', () => {
    expect(wholeNumber('7', 10, 'seconds')).toEqual({ _tag: 'Right', right: 7 })
    expect(wholeNumber('10.99', 10, 'seconds')).toEqual({ _tag: 'Right', right: 10 })
    expect(wholeNumber('-1', 10, 'seconds')._tag).toBe('Left')
    expect(wholeNumber('1e3', 10, 'seconds')._tag).toBe('Left')
    expect(wholeNumber('', 10, 'seconds')).toEqual({ _tag: 'Left', left: MANDATORY })
    expect(wholeNumber('11', 10, 'seconds')).toEqual({
      _tag: 'Left',
      left: { key: 'wholeNumberOf', unit: 'seconds', max: 10 },
    })
  })

  it('offers the services the platform runs, Artifactory always', () => {
    expect(bundleServicesFor([]).map((s) => s.name)).toEqual(['artifactory'])
    expect(bundleServicesFor(['jfrt', 'jfxr', 'jfmc', 'jfpip']).map((s) => s.name)).toEqual([
      'artifactory',
      'xray',
      'mission_control',
    ])
  })
})

describe('bundleRequestProblem (what decide accepts)', () => {
  const ok = { name: 'n', description: '', service: 'xray', threadDumpCount: 10, threadDumpInterval: 0 }
  it('accepts what the form produces and refuses anything out of bounds', () => {
    expect(bundleRequestProblem(ok)).toBeNull()
    expect(bundleRequestProblem({ ...ok, name: 'a b' })).toBe('name')
    expect(bundleRequestProblem({ ...ok, name: 'a'.repeat(65) })).toBe('name')
    expect(bundleRequestProblem({ ...ok, description: 'x'.repeat(1001) })).toBe('description')
    expect(bundleRequestProblem({ ...ok, service: 'pipelines' })).toBe('service')
    expect(bundleRequestProblem({ ...ok, threadDumpCount: 2.5 })).toBe('thread dump count')
    expect(bundleRequestProblem({ ...ok, threadDumpInterval: 11 })).toBe('thread dump interval')
  })

  it('every request the form validates is accepted', () => {
    const valid = validateBundleForm({ ...defaultBundleForm, name: 'x.y-z_1', threadDumpCount: '9.9' })
    expect(valid._tag === 'Right' && bundleRequestProblem(valid.right)).toBeNull()
  })
})
