/**
 * The security area: Administration → Security's settings pages (general security, SAML,
 * OAuth, LDAP, Crowd / JIRA, HTTP SSO), each loaded, saved and (OAuth) tested against the platform.
 */
import type { Failure } from '../shared/failure'
import type { Loadable } from '../shared/loadable'

export type { Loadable }

export const SECURITY_PAGES = ['general', 'saml', 'oauth', 'ldap', 'crowd', 'httpsso'] as const
export type SecurityPage = (typeof SECURITY_PAGES)[number]

/** A page's settings as flat values; read-only facts (`sp.entityId`, `clientSecretSet`) included. */
export type SettingsValues = Readonly<Record<string, string | boolean | number>>

export type RequestState =
  | { readonly status: 'idle' }
  | { readonly status: 'pending'; readonly requestId: string }
  | { readonly status: 'done'; readonly requestId: string }
  | { readonly status: 'failed'; readonly requestId: string; readonly failure: Failure }

export interface SecurityPageState {
  readonly settings: Loadable<SettingsValues>
  readonly save: RequestState
  /** Problems of the last save by field: message keys of the domain's rule or the platform's words. */
  readonly problems: Readonly<Record<string, string>>
  readonly test: RequestState
  /** What the last successful connection test found. */
  readonly tested: Readonly<Record<string, string>>
}

export interface SecurityState {
  readonly pages: { readonly [P in SecurityPage]: SecurityPageState }
}

// The initial state lives in a module of its own: the browser's entry needs it, not the rest.
