// Screens that only send the user on: SSO login (or sign them in with what the browser carries),
// auth providers, logout.
import { useEffect, useRef } from 'react'
import { useParams } from 'wouter'
import { useDispatch, useQuery } from '../shared/appContext'
import type { LoginSettings } from '../../domain/session/types'
import { accountPortalOf } from '../../domain/navigation'
import { NavLink, Screen } from './kit'
import { Skeleton } from '../shared/kit/Skeleton'

/** The provider address for an SSO login type: 'saml' → the SAML link, else an OAuth provider of that type. */
export function ssoUrlFor(login: LoginSettings, type: string): string | null {
  const wanted = type.toLowerCase()
  if (wanted === 'saml') return login.ssoProviderLinksSAML[0]?.url ?? (login.ssoProviderLink || null)
  return login.oauthProviders.find((p) => p.type.toLowerCase() === wanted || p.icon === wanted)?.url ?? null
}

function ProviderRedirect({ type }: { type: string }) {
  const dispatch = useDispatch()
  const session = useQuery({ type: 'session/State' })
  const sent = useRef(false)
  const url = ssoUrlFor(session.login, type)
  useEffect(() => {
    if (url && !sent.current) {
      sent.current = true
      dispatch({ type: 'session/GoToSso', url })
    }
  }, [url, dispatch])
  if (!session.loginDataLoaded)
    return (
      <Screen title="Single sign-on">
        <div role="status" aria-label="Loading">
          <Skeleton width="16rem" />
        </div>
      </Screen>
    )
  return (
    <Screen title="Single sign-on">
      {url ? (
        <p role="status">Redirecting to your sign-in provider…</p>
      ) : (
        <p role="alert">This sign-in method is not available on this platform.</p>
      )}
      <NavLink to="/login">Back to login</NavLink>
    </Screen>
  )
}

/** The SSO login types the platform checks itself (Crowd's cookie, a trusted proxy's header). */
const DIRECTORY_LOGINS: Readonly<Record<string, 'crowd' | 'http'>> = { crowd: 'crowd', http: 'http' }

/**
 * Signs in with what the browser already carries: the platform answers the user (the login's
 * policies then leave for the saved target or the landing) or a code the login page words.
 */
function DirectorySsoLogin({ kind }: { kind: 'crowd' | 'http' }) {
  const dispatch = useDispatch()
  const sent = useRef(false)
  useEffect(() => {
    if (!sent.current) {
      sent.current = true
      dispatch({ type: 'session/SignInWithSso', kind })
    }
  }, [kind, dispatch])
  return (
    <Screen title="Single sign-on">
      <p role="status">
        {kind === 'crowd'
          ? 'Signing you in with your Crowd session…'
          : 'Signing you in through your sign-on proxy…'}
      </p>
      <NavLink to="/login">Back to login</NavLink>
    </Screen>
  )
}

export function SsoLoginScreen() {
  const { ssoLoginType = '' } = useParams<{ ssoLoginType?: string }>()
  const type = ssoLoginType.toLowerCase()
  if (Object.hasOwn(DIRECTORY_LOGINS, type)) return <DirectorySsoLogin kind={DIRECTORY_LOGINS[type]!} />
  return <ProviderRedirect type={ssoLoginType} />
}

export function AuthProviderScreen() {
  const { type = '' } = useParams<{ type?: string }>()
  return <ProviderRedirect type={type} />
}

/**
 * /logout ends the session here (refreshes pause, session data clears; a SAML session leaves
 * for its logout address), and the sign-out's policy then shows the login screen.
 */
export function LogoutScreen() {
  const dispatch = useDispatch()
  const sent = useRef(false)
  useEffect(() => {
    if (!sent.current) {
      sent.current = true
      dispatch({ type: 'session/SignOut', reason: 'logout' })
    }
  }, [dispatch])
  return (
    <Screen title="Logging out">
      <p role="status">Logging out…</p>
    </Screen>
  )
}

/**
 * The account portal (spec 000 section 2: "redirect to the provider's account portal"): the
 * address the platform's general settings give; when they give none, the page says so.
 */
export function AccountPortalScreen() {
  const dispatch = useDispatch()
  const footer = useQuery({ type: 'platform/State' }).footer
  const url = accountPortalOf(footer)
  const sent = useRef(false)
  useEffect(() => {
    if (url !== undefined && !sent.current) {
      sent.current = true
      dispatch({ type: 'navigation/OpenAccountPortal' })
    }
  }, [url, dispatch])
  if (footer === null)
    return (
      <Screen title="Account portal">
        <div role="status" aria-label="Loading">
          <Skeleton width="16rem" />
        </div>
      </Screen>
    )
  return (
    <Screen title="Account portal">
      {url !== undefined ? (
        <p role="status">Redirecting to your account portal…</p>
      ) : (
        <p role="alert">
          No account portal is set on this platform. An administrator can name one in General Settings.
        </p>
      )}
      <NavLink to="/">Back to the console</NavLink>
    </Screen>
  )
}
