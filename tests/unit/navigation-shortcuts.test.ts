import { describe, expect, it } from 'vitest'
import {
  anonymousContext,
  interpretKey,
  isTypingTarget,
  shortcutsFor,
  type KeyPress,
  type ShellContext,
} from '../../domain/navigation'

const user: ShellContext = { ...anonymousContext, startupSettled: true, signedIn: true, userName: 'dev' }
const admin: ShellContext = { ...user, admin: true, canAdminProjects: true }
const body = { tagName: 'BODY', isContentEditable: false }
const press = (key: string, over: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: body,
  ...over,
})

describe('keyboard shortcuts', () => {
  it('maps single keys to their actions', () => {
    expect(interpretKey(press('/'), undefined, user)).toEqual({ action: 'focusSearch' })
    expect(interpretKey(press('?'), undefined, user)).toEqual({ action: 'openShortcuts' })
    expect(interpretKey(press('Escape'), undefined, user)).toEqual({ action: 'closeOverlays' })
    expect(interpretKey(press('x'), undefined, user)).toEqual({})
  })

  it('waits after g for the second key of a sequence', () => {
    expect(interpretKey(press('g'), undefined, user)).toEqual({ pending: 'g' })
    expect(interpretKey(press('p'), 'g', user)).toEqual({ action: 'goPackages' })
    expect(interpretKey(press('p'), undefined, user)).toEqual({})
    // A wrong second key starts over (and another g waits again).
    expect(interpretKey(press('x'), 'g', user)).toEqual({})
    expect(interpretKey(press('g'), 'g', user)).toEqual({ pending: 'g' })
  })

  it('goes to administration only for those who can administer', () => {
    expect(interpretKey(press('a'), 'g', admin)).toEqual({ action: 'goAdministration' })
    expect(interpretKey(press('a'), 'g', user)).toEqual({})
    expect(shortcutsFor(user).map((s) => s.action)).not.toContain('goAdministration')
    expect(shortcutsFor(admin).map((s) => s.action)).toContain('goAdministration')
  })

  it('never fires while the user types, or with a modifier; Escape always does', () => {
    for (const target of [
      { tagName: 'INPUT', isContentEditable: false },
      { tagName: 'input', isContentEditable: false, type: 'search' },
      { tagName: 'TEXTAREA', isContentEditable: false },
      { tagName: 'DIV', isContentEditable: true },
      { tagName: 'SELECT', isContentEditable: false },
    ]) {
      expect(isTypingTarget(target)).toBe(true)
      expect(interpretKey(press('/', { target }), undefined, user)).toEqual({})
      expect(interpretKey(press('p', { target }), 'g', user)).toEqual({})
      expect(interpretKey(press('Escape', { target }), undefined, user)).toEqual({ action: 'closeOverlays' })
    }
    expect(isTypingTarget({ tagName: 'INPUT', isContentEditable: false, type: 'checkbox' })).toBe(false)
    expect(interpretKey(press('/', { ctrlKey: true }), undefined, user)).toEqual({})
    expect(interpretKey(press('?', { metaKey: true }), undefined, user)).toEqual({})
  })

  it('keeps only Escape for a non-admin in the tour, like the hidden menu item', () => {
    const tourUser = { ...user, flavour: 'tour' as const }
    expect(shortcutsFor(tourUser).map((s) => s.action)).toEqual(['closeOverlays'])
    expect(interpretKey(press('?'), undefined, tourUser)).toEqual({})
    expect(interpretKey(press('?'), undefined, { ...tourUser, admin: true })).toEqual({
      action: 'openShortcuts',
    })
  })
})
