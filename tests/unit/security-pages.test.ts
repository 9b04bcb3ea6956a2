/**
 * The security decider page by page: loading a page's settings, a save's answer and the saved
 * toast, the OAuth connection test's life, and that each page's requests and answers stay on it.
 */
import { describe, expect, it } from 'vitest'
import { appSlice, initialAppState, type AppEvent } from '../../domain/app'
import { securityArea } from '../../domain/security/decider'
import * as S from '../../domain/security/events'
import { SignedOut } from '../../domain/session/events'
import { foldEvents, spec } from '../support/decider'

const given = (...events: AppEvent[]) => spec(appSlice(securityArea)).given(...events)
const pagesOf = (...events: AppEvent[]) => foldEvents(events).security.pages
const failure = { kind: 'network', message: 'down' } as const
const initialPage = initialAppState.security.pages.general
const policiesOf = (event: AppEvent) =>
  appSlice(securityArea).policies!(
    { seq: 1, at: '', source: 'effect', corr: 'c', event } as never,
    initialAppState,
  )

describe('security: loading a page', () => {
  it("asks for the page's settings, forgetting the last save and its problems", () => {
    given()
      .when({ type: 'security/Load', page: 'ldap' })
      .then(S.LoadRequested({ page: 'ldap', requestId: 'id-1' }))
    const pages = pagesOf(
      S.SaveRequested({ page: 'ldap', requestId: 's1', values: {}, secretRef: null }),
      S.SaveFailed({ page: 'ldap', requestId: 's1', failure, problems: { url: 'bad' } }),
      S.LoadRequested({ page: 'ldap', requestId: 'l1' }),
    )
    expect(pages.ldap).toEqual({ ...initialPage, settings: { status: 'loading', requestId: 'l1' } })
    expect(pages.crowd).toEqual(initialPage)
  })

  it('shows the answer or failure of the request awaited, on its page only', () => {
    const asked = S.LoadRequested({ page: 'crowd', requestId: 'l1' })
    expect(
      pagesOf(asked, S.Loaded({ page: 'crowd', requestId: 'l1', values: { serverUrl: 'https://c' } })).crowd
        .settings,
    ).toEqual({ status: 'loaded', data: { serverUrl: 'https://c' } })
    expect(pagesOf(asked, S.LoadFailed({ page: 'crowd', requestId: 'l1', failure })).crowd.settings).toEqual({
      status: 'failed',
      failure,
    })
    expect(pagesOf(asked, S.LoadFailed({ page: 'crowd', requestId: 'l0', failure })).crowd.settings).toEqual({
      status: 'loading',
      requestId: 'l1',
    })
    const loadedPages = pagesOf(asked, S.Loaded({ page: 'crowd', requestId: 'l1', values: {} }))
    expect(
      pagesOf(
        asked,
        S.Loaded({ page: 'crowd', requestId: 'l1', values: {} }),
        S.Loaded({ page: 'crowd', requestId: 'l1', values: { serverUrl: 'https://late' } }),
        S.LoadFailed({ page: 'crowd', requestId: 'l1', failure }),
      ),
    ).toEqual(loadedPages)
  })
})

describe('security: saving a page', () => {
  const asked = S.SaveRequested({
    page: 'general',
    requestId: 's1',
    values: { passwordMinLength: 8 },
    secretRef: null,
  })

  it('a save on its way forgets the last problems', () => {
    const pages = pagesOf(
      S.SaveRequested({ page: 'general', requestId: 's0', values: {}, secretRef: null }),
      S.SaveFailed({ page: 'general', requestId: 's0', failure, problems: { passwordMinLength: 'low' } }),
      asked,
    )
    expect(pages.general.save).toEqual({ status: 'pending', requestId: 's1' })
    expect(pages.general.problems).toEqual({})
  })

  it('saved, the page shows what the platform kept; a refusal its problems', () => {
    const saved = pagesOf(
      asked,
      S.Saved({ page: 'general', requestId: 's1', values: { passwordMinLength: 9 } }),
    )
    expect(saved.general).toMatchObject({
      save: { status: 'done', requestId: 's1' },
      settings: { status: 'loaded', data: { passwordMinLength: 9 } },
    })
    const refused = pagesOf(
      asked,
      S.SaveFailed({ page: 'general', requestId: 's1', failure, problems: { x: 'y' } }),
    )
    expect(refused.general).toMatchObject({
      save: { status: 'failed', requestId: 's1', failure },
      problems: { x: 'y' },
    })
  })

  it('an answer to another save, or to none, changes nothing', () => {
    for (const other of [
      S.Saved({ page: 'general', requestId: 's0', values: {} }),
      S.SaveFailed({ page: 'general', requestId: 's0', failure, problems: { x: 'y' } }),
    ]) {
      expect(pagesOf(asked, other)).toEqual(pagesOf(asked))
      expect(pagesOf(other)).toEqual(initialAppState.security.pages)
    }
  })

  it('a save of one page does not wait for another', () => {
    given(asked)
      .when({ type: 'security/Save', page: 'ldap', values: { enabled: false } })
      .then(S.SaveRequested({ page: 'ldap', requestId: 'id-1', values: { enabled: false }, secretRef: null }))
  })

  it("saved, the user is told which page's settings", () => {
    for (const [page, subject] of [
      ['general', 'securitySettings'],
      ['saml', 'samlSettings'],
      ['oauth', 'oauthSettings'],
      ['ldap', 'ldapSettings'],
      ['crowd', 'crowdSettings'],
      ['httpsso', 'httpSsoSettings'],
    ] as const)
      expect(policiesOf(S.Saved({ page, requestId: 's1', values: {} }))).toEqual([
        { type: 'notifications/Show', kind: 'success', message: { key: 'saved', subject } },
      ])
    expect(policiesOf(asked)).toEqual([])
  })
})

describe('security: the connection test', () => {
  const asked = S.TestRequested({ page: 'oauth', requestId: 't1', target: 'https://idp' })

  it('tests the trimmed target', () => {
    given()
      .when({ type: 'security/Test', page: 'oauth', target: ' https://idp.example.test ' })
      .then(S.TestRequested({ page: 'oauth', requestId: 'id-1', target: 'https://idp.example.test' }))
  })

  it('shows the test on its way, forgetting what the last one found', () => {
    const pages = pagesOf(
      S.TestRequested({ page: 'oauth', requestId: 't0', target: 'https://idp' }),
      S.Tested({ page: 'oauth', requestId: 't0', found: { issuer: 'https://idp' } }),
      asked,
    )
    expect(pages.oauth.test).toEqual({ status: 'pending', requestId: 't1' })
    expect(pages.oauth.tested).toEqual({})
  })

  it("shows what the awaited test found, or why it failed; another's answer changes nothing", () => {
    const found = { issuer: 'https://idp', jwks: 'https://idp/keys' }
    expect(pagesOf(asked, S.Tested({ page: 'oauth', requestId: 't1', found })).oauth).toMatchObject({
      test: { status: 'done', requestId: 't1' },
      tested: found,
    })
    expect(pagesOf(asked, S.TestFailed({ page: 'oauth', requestId: 't1', failure })).oauth.test).toEqual({
      status: 'failed',
      requestId: 't1',
      failure,
    })
    for (const other of [
      S.Tested({ page: 'oauth', requestId: 't0', found }),
      S.TestFailed({ page: 'oauth', requestId: 't0', failure }),
    ])
      expect(pagesOf(asked, other)).toEqual(pagesOf(asked))
  })

  it('signing out forgets every page', () => {
    expect(pagesOf(asked, SignedOut({ reason: 'user' }))).toEqual(initialAppState.security.pages)
  })
})
