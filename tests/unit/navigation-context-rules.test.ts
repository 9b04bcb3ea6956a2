// What the navigation rules read of the instance and the user (domain/navigation/context.ts),
// from the state the platform's and the session's events leave: the footer's licence, flavour,
// cloud flag, server name and logos, and the project chosen in the top bar.
import { describe, expect, it } from 'vitest'
import type { AppEvent } from '../../domain/app'
import { shellContextOf } from '../../domain/navigation/context'
import * as N from '../../domain/navigation/events'
import * as P from '../../domain/platform/events'
import type { Footer } from '../../domain/platform/types'
import { foldEvents } from '../support/decider'
import { footer } from '../support/fixtures'

const contextAfter = (events: ReadonlyArray<AppEvent>) => shellContextOf(foldEvents(events))
const withFooter = (over: Partial<Footer>) => contextAfter([P.FooterLoaded({ footer: footer(over) })])

describe('the licence the footer gives', () => {
  it('an empty or blank licence type is no licence installed; a named one is a licence', () => {
    expect(withFooter({ licenseType: '' }).licenseMissing).toBe(true)
    expect(withFooter({ licenseType: '   ' }).licenseMissing).toBe(true)
    expect(withFooter({ licenseType: 'Enterprise+' }).licenseMissing).toBe(false)
    expect(withFooter({ licenseType: 'Enterprise+' }).licenseType).toBe('Enterprise+')
  })

  it('before the footer answers, no licence is known to be missing and its type reads N/A', () => {
    const ctx = contextAfter([])
    expect(ctx.licenseMissing).toBe(false)
    expect(ctx.licenseType).toBe('N/A')
  })
})

describe('the instance the footer describes', () => {
  it('a flavour the console does not know is the platform, as is no footer at all', () => {
    expect(withFooter({ flavour: 'mainframe' }).flavour).toBe('platform')
    expect(contextAfter([]).flavour).toBe('platform')
    expect(withFooter({ flavour: 'tour' }).flavour).toBe('tour')
  })

  it('a cloud instance is one whose footer says so', () => {
    expect(withFooter({ isCloud: true }).cloud).toBe(true)
    expect(withFooter({ isCloud: false }).cloud).toBe(false)
    expect(contextAfter([]).cloud).toBe(false)
  })

  it('the server name is the footer’s, and empty before it answers', () => {
    expect(withFooter({ serverName: 'Acme' }).serverName).toBe('Acme')
    expect(contextAfter([]).serverName).toBe('')
  })

  it('the uploaded logo and the configured logo address are those the footer names, none when it names none', () => {
    const both = withFooter({ userLogo: '/ui/api/logo', logoUrl: 'https://cdn.example/logo.svg' })
    expect(both.userLogo).toBe('/ui/api/logo')
    expect(both.configuredLogoUrl).toBe('https://cdn.example/logo.svg')
    const none = withFooter({})
    expect(none.userLogo).toBeUndefined()
    expect(none.configuredLogoUrl).toBeUndefined()
  })
})

describe('the project chosen in the top bar', () => {
  it('is the context’s project; all projects is none', () => {
    expect(contextAfter([N.ProjectSelected({ user: 'alice', key: 'alpha' })]).selectedProject).toBe('alpha')
    expect(contextAfter([N.ProjectSelected({ user: 'alice' })]).selectedProject).toBeUndefined()
  })
})
