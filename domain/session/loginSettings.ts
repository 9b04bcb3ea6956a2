/**
 * The login page's settings from the platform's answers (spec 000 section 4): the login-related
 * data is required; every other part falls back to its default (realms empty, view mode
 * internal, SAML registration id empty…) and its failure is kept beside the settings. Provider
 * addresses the browser must not be sent to are dropped here, before any event carries them.
 */
import { isLeft, right, type Either } from 'fp-ts/Either'
import { isSome } from 'fp-ts/Option'
import type { Failure } from '../shared/failure'
import { sanitizeProviderUrl } from '../shared/providerUrl'
import type { LoginDataLoadedData } from './events'
import { isSafeInternalPath } from './rules'
import type { NameUrl } from './types'

/** The login-related data call, mapped to domain names. */
export interface LoginRelatedData {
  readonly forgotPassword: boolean
  readonly rememberMeEnabled: boolean
  readonly passwordAutocompleteEnabled: boolean
  readonly ssoProviderLink: string
  readonly samlProviders: ReadonlyArray<NameUrl>
  readonly anonAccessEnabled: boolean
  /** People may create their own account (the registration screen is offered). */
  readonly registrationEnabled?: boolean
}

/** What each of the login page's calls answered. */
export interface LoginDataAnswers {
  readonly related: Either<Failure, LoginRelatedData>
  readonly visualMode: Either<
    Failure,
    { readonly loginIsExternal: boolean; readonly isProvidersHidden: boolean }
  >
  readonly userPlugins: Either<Failure, boolean>
  readonly realms: Either<Failure, ReadonlyArray<{ readonly realm: string; readonly enabled: boolean }>>
  readonly loginDialog: Either<Failure, { readonly content: string; readonly permanent: boolean }>
  readonly samlLogoutUrl: Either<Failure, string>
  readonly samlRegistrationId: Either<Failure, string>
  readonly oauthProviders: Either<
    Failure,
    ReadonlyArray<{ readonly name: string; readonly type: string; readonly url: string }>
  >
  readonly autoRedirect: Either<Failure, boolean>
}

/**
 * Only addresses a browser may be sent to: a same-origin path that stays so, or a provider URL
 * (the one provider-URL rule, `sanitizeProviderUrl`).
 */
export const isLeavableUrl = (url: string): boolean =>
  isSafeInternalPath(url) || isSome(sanitizeProviderUrl(url))

const iconOf = (type: string) => type.toLowerCase().replace(/[^a-z0-9-]/g, '')

export function loginSettingsOf(answers: LoginDataAnswers): Either<Failure, LoginDataLoadedData> {
  const { related } = answers
  if (isLeft(related)) return related
  const failures: Array<{ part: string; failure: Failure }> = []
  const orDefault = <A>(part: keyof LoginDataAnswers, answer: Either<Failure, A>, fallback: A): A => {
    if (!isLeft(answer)) return answer.right
    failures.push({ part, failure: answer.left })
    return fallback
  }
  const mode = orDefault('visualMode', answers.visualMode, {
    loginIsExternal: false,
    isProvidersHidden: false,
  })
  const settings: LoginDataLoadedData['settings'] = {
    samlLogoutUrl: orDefault('samlLogoutUrl', answers.samlLogoutUrl, ''),
    forgotPassword: related.right.forgotPassword,
    passwordAutocompleteEnabled: related.right.passwordAutocompleteEnabled,
    rememberMeEnabled: related.right.rememberMeEnabled,
    ssoProviderLinksSAML: related.right.samlProviders
      .filter((p) => isLeavableUrl(p.url))
      .map((p) => ({ ...p })),
    ssoProviderLink: isLeavableUrl(related.right.ssoProviderLink) ? related.right.ssoProviderLink : '',
    realms: orDefault('realms', answers.realms, []).map((r) => ({ ...r })),
    samlRegistrationId: orDefault('samlRegistrationId', answers.samlRegistrationId, ''),
    oauthProviders: orDefault('oauthProviders', answers.oauthProviders, [])
      .filter((p) => isLeavableUrl(p.url))
      .map((p) => ({ name: p.name, type: p.type, url: p.url, icon: iconOf(p.type) })),
    loginDialogSettingsContent: orDefault<
      LoginDataAnswers['loginDialog'] extends Either<Failure, infer D> ? D | null : never
    >('loginDialog', answers.loginDialog, null),
    loginViewMode: {
      mode: mode.loginIsExternal ? 'external' : 'internal',
      isProvidersHidden: mode.isProvidersHidden,
    },
    authUserPlugin: orDefault('userPlugins', answers.userPlugins, true),
    autoRedirectLogin: orDefault('autoRedirect', answers.autoRedirect, false),
    anonAccessEnabled: related.right.anonAccessEnabled,
    // Absent unless on, as in the login data of logs recorded before it was read.
    ...(related.right.registrationEnabled ? { registrationEnabled: true } : {}),
  }
  return right({ settings, failures })
}
