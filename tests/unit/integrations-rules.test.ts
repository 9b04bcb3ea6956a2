// The integrations rules a user or a script sees: the filter panel's checkboxes, the filters
// in a shareable link, the git vendors, the git modal's main button, and where setup actions
// and choosing a service lead (spec 001, integrations catalogue and source-control routes).
import { describe, expect, it } from 'vitest'
import {
  filtersFromQuery,
  filtersToQuery,
  gitFormProblems,
  gitMainButton,
  isGitVendor,
  selectReposPath,
  setupActionPath,
  setupRuns,
  toggleCategory,
  toggleVendor,
  vendorId,
  vendorListPath,
  type CatalogueEntry,
  type CatalogueFilters,
  type GitModal,
} from '../../domain/integrations'

const none: CatalogueFilters = { categories: [], vendors: [], search: '' }

describe('the filter panel', () => {
  it('a category checkbox adds or removes its category; All clears the categories only', () => {
    const one = toggleCategory(none, 'Security')
    expect(one).toEqual({ ...none, categories: ['Security'] })
    const two = toggleCategory(one, 'IDE')
    expect(two.categories).toEqual(['Security', 'IDE'])
    expect(toggleCategory(two, 'Security').categories).toEqual(['IDE'])
    const chosen = { categories: ['IDE'], vendors: ['AWS'], search: 'jf' }
    expect(toggleCategory(chosen, null)).toEqual({ categories: [], vendors: ['AWS'], search: 'jf' })
  })

  it('a vendor checkbox adds or removes its vendor and keeps the rest', () => {
    const chosen = { categories: ['IDE'], vendors: ['AWS'], search: 'jf' }
    expect(toggleVendor(chosen, 'GCP')).toEqual({ ...chosen, vendors: ['AWS', 'GCP'] })
    expect(toggleVendor(chosen, 'AWS')).toEqual({ ...chosen, vendors: [] })
    expect(toggleVendor({ ...chosen, vendors: ['AWS', 'GCP'] }, 'AWS').vendors).toEqual(['GCP'])
  })
})

describe('filters in the link', () => {
  it('reads categories, vendors and the search, with or without the question mark', () => {
    const expected = { categories: ['Packages', 'Security'], vendors: ['AWS', 'GCP'], search: 'jfrog cli' }
    const query = 'category=Security&category=Packages&vendor=GCP&vendor=AWS&q=jfrog+cli'
    expect(filtersFromQuery(`?${query}`)).toEqual(expected)
    expect(filtersFromQuery(query)).toEqual(expected)
  })

  it('drops unknown values, keeps the panel order, and cuts the search at 200 characters', () => {
    expect(filtersFromQuery('?category=Nope&category=IDE&vendor=Oracle&vendor=Azure')).toEqual({
      categories: ['IDE'],
      vendors: ['Azure'],
      search: '',
    })
    expect(filtersFromQuery(`?q=${'x'.repeat(250)}`).search).toBe('x'.repeat(200))
    expect(filtersFromQuery('')).toEqual(none)
  })

  it('writes nothing for no filters, and only the known values otherwise', () => {
    expect(filtersToQuery(none)).toBe('')
    expect(filtersToQuery({ categories: ['IDE', 'Nope'], vendors: ['Oracle'], search: '' })).toBe(
      '?category=IDE',
    )
    expect(filtersToQuery({ categories: [], vendors: ['AWS'], search: 'a b' })).toBe('?vendor=AWS&q=a+b')
  })
})

describe('git vendors', () => {
  it('each source-control vendor has its numeric id; other names are no git vendor', () => {
    expect(['github', 'gitlab', 'bitbucket_cloud', 'bitbucket_server'].map((v) => isGitVendor(v))).toEqual([
      true,
      true,
      true,
      true,
    ])
    expect(vendorId('github')).toBe(1)
    expect(vendorId('gitlab')).toBe(2)
    expect(vendorId('bitbucket_cloud')).toBe(3)
    expect(vendorId('bitbucket_server')).toBe(4)
    expect(vendorId('svn' as never)).toBe(0)
    expect(isGitVendor('svn')).toBe(false)
    expect(isGitVendor('GitHub')).toBe(false)
  })

  it('after create, choosing a service goes to select-repos with vcsType and integrationId', () => {
    expect(selectReposPath('bitbucket_cloud', 'key 1&x')).toBe(
      '/integrations/git-repo-scan/select-repos?vcsType=bitbucket_cloud&integrationId=key+1%26x',
    )
    expect(vendorListPath('gitlab')).toBe('/integrations/vendors/gitlab')
  })
})

describe("the git modal's main button", () => {
  const form = { userName: 'octo', integrationName: 'main', url: 'https://api.github.com', hasToken: true }
  const modal = (over: Partial<Extract<GitModal, { step: 'form' }>> = {}): GitModal => ({
    step: 'form',
    vendor: 'github',
    integrationKey: null,
    form,
    test: 'notTested',
    popover: false,
    saving: false,
    failure: null,
    ...over,
  })

  it('shows no button outside the form step', () => {
    expect(gitMainButton({ step: 'closed' })).toBeNull()
    expect(gitMainButton({ step: 'selectService', vendor: 'github', integrationKey: 'k' })).toBeNull()
  })

  it('Test is disabled while the form is invalid or a test runs', () => {
    expect(gitMainButton(modal())).toEqual({ action: 'test', disabled: false })
    expect(gitMainButton(modal({ test: 'testing' }))).toEqual({ action: 'test', disabled: true })
    expect(gitMainButton(modal({ test: 'failed' }))).toEqual({ action: 'test', disabled: false })
    expect(gitMainButton(modal({ form: { ...form, userName: '' } }))).toEqual({
      action: 'test',
      disabled: true,
    })
  })

  it('once tested it is Create (Save on edit), disabled while saving or when the form turned invalid', () => {
    expect(gitMainButton(modal({ test: 'tested' }))).toEqual({ action: 'create', disabled: false })
    expect(gitMainButton(modal({ test: 'tested', saving: true }))).toEqual({
      action: 'create',
      disabled: true,
    })
    expect(gitMainButton(modal({ test: 'tested', form: { ...form, url: 'nope' } }))).toEqual({
      action: 'create',
      disabled: true,
    })
    expect(gitMainButton(modal({ test: 'tested', integrationKey: 'k' }))).toEqual({
      action: 'update',
      disabled: false,
    })
  })

  it('an integration name may have up to 64 characters', () => {
    expect(gitFormProblems({ ...form, integrationName: 'a'.repeat(64) }, false)).toEqual([])
    expect(gitFormProblems({ ...form, integrationName: 'a'.repeat(65) }, false)).toEqual(['integrationName'])
  })

  it('on edit a blank token keeps the stored one; on create it is a problem', () => {
    const noToken = { ...form, hasToken: false }
    expect(gitFormProblems(noToken, true)).toEqual([])
    expect(gitFormProblems(noToken, false)).toEqual(['token'])
    expect(gitMainButton(modal({ form: noToken, integrationKey: 'k' }))).toEqual({
      action: 'test',
      disabled: false,
    })
    expect(
      gitFormProblems({ userName: '', integrationName: 'a b', url: '', hasToken: false }, false),
    ).toEqual(['userName', 'integrationName', 'url', 'token'])
  })
})

describe('where a redirect setup action leads', () => {
  const routes = [
    { name: 'integrations.vendor.list', pattern: '/integrations/vendors/:vendorName' },
    { name: 'builds.detail', pattern: '/builds/:name/:number?' },
  ]

  it("fills the route's parameters from the payload (encoded) and puts the rest in the query", () => {
    expect(setupActionPath('integrations.vendor.list', { vendorName: 'git/hub', tab: 'x y' }, routes)).toBe(
      '/integrations/vendors/git%2Fhub?tab=x+y',
    )
    expect(setupActionPath('builds.detail', { name: 'app', number: 7, latest: true }, routes)).toBe(
      '/builds/app/7?latest=true',
    )
  })

  it('leaves out an optional parameter that is missing, and refuses a missing required one', () => {
    expect(setupActionPath('builds.detail', { name: 'app' }, routes)).toBe('/builds/app')
    expect(setupActionPath('builds.detail', { name: 'app', number: '' }, routes)).toBe('/builds/app')
    expect(setupActionPath('builds.detail', { number: 3 }, routes)).toBeNull()
    expect(setupActionPath('integrations.vendor.list', { vendorName: '' }, routes)).toBeNull()
    expect(setupActionPath('integrations.vendor.list', { vendorName: { nested: 1 } }, routes)).toBeNull()
  })

  it('drops payload values that are not plain text, numbers or booleans from the query', () => {
    expect(
      setupActionPath(
        'integrations.vendor.list',
        { vendorName: 'gitlab', obj: { a: 1 }, n: null, ok: false },
        routes,
      ),
    ).toBe('/integrations/vendors/gitlab?ok=false')
  })

  it('reads another action name as a dotted path, with the whole payload as its query', () => {
    expect(setupActionPath('admin.configuration.security.ldap', {}, routes)).toBe(
      '/admin/configuration/security/ldap',
    )
    expect(setupActionPath('admin.ldap', { tab: 'groups', page: 2, list: ['a'] }, routes)).toBe(
      '/admin/ldap?tab=groups&page=2',
    )
    expect(setupActionPath('ldap_settings-2', {}, routes)).toBe('/ldap_settings-2')
  })

  it('refuses an action name that would leave the console or is no dotted path', () => {
    for (const name of [
      '//evil.example',
      'https://evil.example',
      'a..b',
      '.a',
      'a.',
      'a/b',
      '',
      'a b',
      'a.b?x',
    ])
      expect(setupActionPath(name, {}, routes), name).toBeNull()
  })
})

describe('whether a setup action can run here', () => {
  const entry = (configureAction?: CatalogueEntry['configureAction']): CatalogueEntry => ({
    id: 'e',
    label: 'E',
    icon: 'e',
    categories: [],
    vendors: [],
    documentationLink: 'https://docs.example/',
    ...(configureAction ? { configureAction } : {}),
  })
  const routes = [{ name: 'integrations.vendor.list', feature: 'repoScanning' }, { name: 'admin.ldap' }]
  const redirect = (actionName: string) => entry({ type: 'redirect', actionName, payload: {} })

  it('an entry without an action offers documentation only; an in-page action always runs', () => {
    expect(setupRuns(entry(), routes, {})).toBe(false)
    expect(
      setupRuns(entry({ type: 'action', actionName: 'openCommonIntegrationModal', payload: {} }), routes, {}),
    ).toBe(true)
  })

  it('an in-page action runs even when a page of the same name needs a missing feature', () => {
    const action = entry({ type: 'action', actionName: 'integrations.vendor.list', payload: {} })
    expect(setupRuns(action, routes, {})).toBe(true)
  })

  it('a redirect runs when its page needs no feature or the instance has it', () => {
    expect(setupRuns(redirect('admin.ldap'), routes, {})).toBe(true)
    expect(setupRuns(redirect('unknown.page'), routes, {})).toBe(true)
    expect(setupRuns(redirect('integrations.vendor.list'), routes, { repoScanning: true })).toBe(true)
    expect(setupRuns(redirect('integrations.vendor.list'), routes, { repoScanning: false })).toBe(false)
    expect(setupRuns(redirect('integrations.vendor.list'), routes, {})).toBe(false)
  })
})
