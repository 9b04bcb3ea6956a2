/**
 * The query model's other fields (spec 001 section 3): checksum, cve, properties, property
 * sets, path, the class-search flags, branch and isChecksum; the extra package types and the
 * HuggingFace and FrogML groupings.
 */
import { describe, expect, it } from 'vitest'
import { isRight } from 'fp-ts/Either'
import { searchArea } from '../../domain/search'
import { appSlice } from '../../domain/app'
import * as E from '../../domain/search/events'
import {
  DEFAULT_SEARCH_MODEL,
  searchModelFromQuery,
  searchModelToQuery,
  type SearchModel,
} from '../../domain/search/model'
import { modelFromText, textOfModel } from '../../domain/search/barText'
import { packageQueryOf } from '../../domain/search/packageQuery'
import { SEARCH_TYPES } from '../../domain/search/searchTypes'
import { badChecksum, unknownPackageTypes } from '../../domain/search/textProblems'
import {
  EXTRA_PACKAGE_TYPES,
  SEARCH_PACKAGE_TYPES,
  packageTypesCovered,
  searchPackageTypeChoices,
} from '../../domain/packageTypes'
import type { CommandMeta } from '../../domain/shared/area'
import { spec } from '../support/decider'

const SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
const SHA1 = 'da39a3ee5e6b4b0d3255bfef95601890afd80709'
const MD5 = 'd41d8cd98f00b204e9800998ecf8427e'

const meta: CommandMeta = { now: '2026-01-01T00:00:00.000Z', id: 's-1' }
const search = spec(appSlice(searchArea), meta)

describe('the query model holds every field of the specification', () => {
  const full: SearchModel = {
    ...DEFAULT_SEARCH_MODEL,
    name: 'x',
    checksum: SHA1,
    isChecksum: true,
    cve: 'CVE-2021-44228',
    properties: { 'build.name': 'app', 'a=b': 'c=d' },
    propertySets: { release: 'approved' },
    path: 'org/acme/*',
    excludeInnerClasses: true,
    searchClassOnly: true,
    branch: 'main',
  }

  it('round-trips through the URL query, each field under its own key', () => {
    const query = searchModelToQuery(full)
    expect(searchModelFromQuery(query)).toEqual({ ...full, properties: { 'build.name': 'app', a: 'b=c=d' } })
    const params = new URLSearchParams(query)
    expect(params.get('checksum')).toBe(SHA1)
    expect(params.get('cve')).toBe('CVE-2021-44228')
    expect(params.getAll('prop')).toEqual(['build.name=app', 'a=b=c=d'])
    expect(params.get('prop_set')).toBe('release=approved')
    expect(params.get('branch')).toBe('main')
    expect(params.get('is_checksum')).toBe('true')
  })

  it('is absent until set: a model without them is the model older sessions recorded', () => {
    expect(searchModelFromQuery('q=react&pkg=npm')).toEqual({
      ...DEFAULT_SEARCH_MODEL,
      name: 'react',
      packageTypes: ['npm'],
    })
    expect(searchModelToQuery({ ...DEFAULT_SEARCH_MODEL, excludeInnerClasses: false, cve: '' })).toBe('')
  })

  it('is event data: a search event carrying them decodes, and one without them still does', () => {
    expect(isRight(E.SearchModelC.decode(full))).toBe(true)
    expect(isRight(E.SearchModelC.decode(DEFAULT_SEARCH_MODEL))).toBe(true)
    expect(isRight(E.SearchModelC.decode({ ...DEFAULT_SEARCH_MODEL, isChecksum: 'yes' }))).toBe(false)
  })
})

describe('a checksum search', () => {
  it('takes checksum:<sum> words, and a bare sum, as a checksum', () => {
    const worded = modelFromText(`checksum:${SHA256}`, SEARCH_TYPES.packages, DEFAULT_SEARCH_MODEL)
    expect(worded).toMatchObject({ name: '', checksum: SHA256, isChecksum: true })
    for (const sum of [SHA256, SHA1, MD5.toUpperCase()]) {
      expect(modelFromText(sum, SEARCH_TYPES.packages, DEFAULT_SEARCH_MODEL)).toMatchObject({
        name: '',
        checksum: sum,
        isChecksum: true,
      })
    }
    // A name that only looks like hex stays a name; a type without checksums keeps the words.
    expect(modelFromText('deadbeef', SEARCH_TYPES.packages, DEFAULT_SEARCH_MODEL)).not.toHaveProperty(
      'checksum',
    )
    expect(modelFromText(SHA256, SEARCH_TYPES.builds, DEFAULT_SEARCH_MODEL)).toMatchObject({ name: SHA256 })
    expect(textOfModel(worded, SEARCH_TYPES.packages)).toBe(`checksum:${SHA256}`)
  })

  it('asks the platform for the checksum (lowercased), with no name', () => {
    const model = modelFromText(SHA256.toUpperCase(), SEARCH_TYPES.packages, DEFAULT_SEARCH_MODEL)
    expect(packageQueryOf(model, { releaseOnly: false })).toMatchObject({ checksum: SHA256, name: null })
  })

  it('runs from the bar and opens the list with the checksum in the URL', () => {
    const model = { ...DEFAULT_SEARCH_MODEL, checksum: SHA1, isChecksum: true }
    const queryString = `checksum=${SHA1}&is_checksum=true`
    search
      .given(E.TextChanged({ text: SHA1 }))
      .when({ type: 'search/Run' })
      .then(
        E.SearchRan({
          type: 'packages',
          model,
          path: `/packages?${queryString}`,
          owner: 'anonymous',
          recent: { id: meta.id, type: 'packages', queryString, searchModel: model },
          list: [{ id: meta.id, type: 'packages', queryString, searchModel: model }],
          text: `checksum:${SHA1}`,
        }),
      )
  })

  it('names a checksum word that is no checksum', () => {
    expect(badChecksum(modelFromText('checksum:abc', SEARCH_TYPES.packages, DEFAULT_SEARCH_MODEL))).toBe(
      'abc',
    )
    expect(
      badChecksum(modelFromText(`checksum:${MD5}`, SEARCH_TYPES.packages, DEFAULT_SEARCH_MODEL)),
    ).toBeNull()
    expect(badChecksum(DEFAULT_SEARCH_MODEL)).toBeNull()
  })

  it('other types read their own words: cve for security, path for artifacts, branch for builds', () => {
    expect(
      modelFromText('log4j cve:CVE-2021-44228', SEARCH_TYPES.securityCompliance, DEFAULT_SEARCH_MODEL),
    ).toMatchObject({
      name: 'log4j',
      cve: 'CVE-2021-44228',
    })
    expect(modelFromText('app path:org/acme/*', SEARCH_TYPES.artifacts, DEFAULT_SEARCH_MODEL)).toMatchObject({
      name: 'app',
      path: 'org/acme/*',
    })
    expect(modelFromText('web branch:main', SEARCH_TYPES.builds, DEFAULT_SEARCH_MODEL)).toMatchObject({
      name: 'web',
      branch: 'main',
    })
  })
})

describe('package types of search', () => {
  it('lists the search types and the extra types of the specification', () => {
    expect(SEARCH_PACKAGE_TYPES).toEqual(['all', 'docker', 'npm', 'maven', 'go', 'nuget', 'helm'])
    expect(EXTRA_PACKAGE_TYPES).toEqual(['dockerv1', 'terraformbackend', 'releasebundles', 'helmoci'])
  })

  it('knows the extra types although the platform does not list them', () => {
    const model = {
      ...DEFAULT_SEARCH_MODEL,
      packageTypes: ['dockerV1', 'terraformBackend', 'releasebundles', 'helmoci', 'bogus'],
    }
    expect(unknownPackageTypes(model, ['npm', 'docker'])).toEqual(['bogus'])
  })

  it('huggingfaceml covers models and datasets, frogml both of FrogML; aliases stay single', () => {
    expect(packageTypesCovered('huggingfaceml')).toEqual(['huggingfacemlmodel', 'huggingfacemldataset'])
    expect(packageTypesCovered('FROGML')).toEqual(['frogmlmodel', 'frogmldataset'])
    expect(packageTypesCovered('hfdataset')).toEqual(['huggingfacemldataset'])
    expect(packageTypesCovered('golang')).toEqual(['go'])
    const model = { ...DEFAULT_SEARCH_MODEL, packageTypes: ['huggingfaceml', 'frogml'] }
    expect(packageQueryOf(model, { releaseOnly: false })?.packageTypes).toEqual([
      'huggingfacemlmodel',
      'huggingfacemldataset',
      'frogmlmodel',
      'frogmldataset',
    ])
    // A group is known when the platform offers one of its members.
    expect(unknownPackageTypes(model, ['huggingfacemldataset'])).toEqual(['frogml'])
  })

  it('the filter offers a group once, in place of its members', () => {
    expect(
      searchPackageTypeChoices(['npm', 'huggingfacemlmodel', 'huggingfacemldataset', 'frogmlmodel', 'go']),
    ).toEqual(['npm', 'huggingfaceml', 'frogml', 'go'])
  })
})
