/**
 * The colour theme: 'system' follows prefers-color-scheme (tokens.css), 'light' and 'dark' set
 * <html data-theme>. Chosen in the user menu and remembered per user in local storage (a
 * preference, not a secret). What is read back is decoded: anything but a known value is
 * 'system', so a hand-edited or hostile entry cannot break the page.
 */
import { useCallback, useEffect, useState } from 'react'
import { encodeThemeMark, THEME_COOKIE } from '../../domain/preferences/themeMark'

export type ThemeChoice = 'system' | 'light' | 'dark'
export const THEME_CHOICES: ReadonlyArray<ThemeChoice> = ['system', 'light', 'dark']
export const THEME_STORAGE_KEY = 'consoleTheme'

const isChoice = (v: unknown): v is ThemeChoice =>
  typeof v === 'string' && (THEME_CHOICES as string[]).includes(v)

/** The stored choices by user name, decoded; an unreadable entry is an empty map. */
export function decodeThemes(raw: string | null): Readonly<Record<string, ThemeChoice>> {
  if (!raw) return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return {}
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {}
  const out: Record<string, ThemeChoice> = {}
  for (const [user, choice] of Object.entries(parsed)) if (isChoice(choice)) out[user] = choice
  return out
}

function readStore(): Readonly<Record<string, ThemeChoice>> {
  try {
    return decodeThemes(window.localStorage.getItem(THEME_STORAGE_KEY))
  } catch {
    return {}
  }
}

export function applyTheme(choice: ThemeChoice): void {
  const root = document.documentElement
  if (choice === 'system') delete root.dataset.theme
  else root.dataset.theme = choice
}

/**
 * Tells the server the theme to paint this user's next page in, before the script runs
 * (domain/preferences/themeMark.ts): a preference cookie, no secret; 'system' clears it.
 */
export function markFirstPaint(user: string, choice: ThemeChoice): void {
  const system = choice === 'system'
  document.cookie = `${THEME_COOKIE}=${system ? '' : encodeThemeMark(user, choice)};path=/ui;samesite=strict;max-age=${system ? 0 : 31536000}`
}

/** The user's theme choice and a setter that applies and remembers it. */
export function useTheme(user: string): readonly [ThemeChoice, (choice: ThemeChoice) => void] {
  // The choice is kept per user: a change of user reads that user's entry again.
  const [state, setState] = useState(() => ({ user, choice: readStore()[user] ?? 'system' }))
  const choice: ThemeChoice = state.user === user ? state.choice : (readStore()[user] ?? 'system')
  if (state.user !== user) setState({ user, choice })
  useEffect(() => {
    applyTheme(choice)
    // A choice made before the cookie existed, or after another user's on this browser, is marked
    // again; a user who never chose leaves another user's mark alone.
    if (choice !== 'system') markFirstPaint(user, choice)
  }, [choice, user])
  const choose = useCallback(
    (next: ThemeChoice) => {
      setState({ user, choice: next })
      markFirstPaint(user, next)
      try {
        window.localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify({ ...readStore(), [user]: next }))
      } catch {
        // Storage full or unavailable: the choice holds for this page only.
      }
    },
    [user],
  )
  return [choice, choose] as const
}
