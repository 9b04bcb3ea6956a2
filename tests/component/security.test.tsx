/**
 * Administration → Security Settings on apps seeded by events, with a port the test answers:
 * a skeleton while loading, the error with Retry, the form with the platform's values, the
 * generic messages of bad input (what was typed stays), a write-only secret that is never
 * shown or put into events, and OAuth's Test connection.
 */
import { describe, expect, it, vi } from 'vitest'
import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { left, right } from 'fp-ts/Either'
import SecurityArea from '../../ui/security'
import type { SecurityApi } from '../../adapters/ports'
import type { SecurityPage, SettingsValues } from '../../domain/security'
import { renderArea, signedIn } from './packagesHarness'

// jsdom has no ResizeObserver; Radix's Switch measures itself with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const OAUTH: SettingsValues = {
  enabled: false,
  providerName: 'OpenID Connect',
  issuerUrl: '',
  clientId: '',
  clientSecretSet: true,
  scopes: 'openid profile email groups',
  usernameClaim: 'preferred_username',
  emailClaim: 'email',
  groupsClaim: 'groups',
  autoCreateUsers: true,
  autoRedirect: false,
}

function controlledApi(initial: SettingsValues) {
  const loads: Array<(answer: Awaited<ReturnType<SecurityApi['load']>>) => void> = []
  const saves: Array<{ page: SecurityPage; values: SettingsValues; secret?: string }> = []
  const tests: string[] = []
  const api: SecurityApi = {
    load: () => new Promise((resolve) => loads.push(resolve)),
    save: async (page, values, secret) => {
      saves.push({ page, values, ...(secret ? { secret } : {}) })
      return right({ ...initial, ...values })
    },
    test: async (_page, target) => {
      tests.push(target)
      return target.includes('down')
        ? left({
            kind: 'status',
            status: 400,
            message: 'issuerUrl: The discovery document could not be fetched',
          })
        : right({ issuer: target, jwksUri: `${target}/jwks` })
    },
  }
  return { api, loads, saves, tests }
}

/** Answers every load asked for so far (opening a page may ask once before the route settles). */
async function answerLoads(
  loads: Array<(answer: Awaited<ReturnType<SecurityApi['load']>>) => void>,
  answer: Awaited<ReturnType<SecurityApi['load']>>,
) {
  await vi.waitFor(() => expect(loads.length).toBeGreaterThan(0))
  for (const resolve of loads.splice(0)) resolve(answer)
}

function open(path: string, api: SecurityApi) {
  const view = renderArea(<SecurityArea />, { path, seed: [signedIn('admin')], ports: { securityApi: api } })
  act(() => view.app.dispatch({ type: 'navigation/Navigate', to: path }))
  return view
}

/**
 * A save confirmed once: the spec's success toast, and no second 'Saved.' line beside Save (the
 * gallery showed both on the admin forms).
 */
async function savedOnce(app: ReturnType<typeof open>['app'], subject: string) {
  await expect
    .poll(() => app.getState().notifications.toasts.map((t) => [t.kind, t.message]))
    .toContainEqual(['success', { key: 'saved', subject }])
  expect(screen.queryByRole('status')).not.toBeInTheDocument()
  expect(screen.queryByText('Saved.')).not.toBeInTheDocument()
}

/** The general page as the platform answers it: expiry off, locking on, anonymous access off. */
const GENERAL: SettingsValues = {
  hideUnauthorizedResources: false,
  passwordMinLength: 8,
  passwordRequireUppercase: false,
  passwordRequireDigit: false,
  passwordRequireSpecial: false,
  passwordExpirationEnabled: false,
  passwordExpirationDays: 60,
  userLockEnabled: true,
  userLockMaxAttempts: 5,
  anonymousAccess: false,
}

describe('security settings', () => {
  it('shows a skeleton, then an error with Retry that loads again', async () => {
    const { api, loads } = controlledApi(OAUTH)
    open('/admin/configuration/security/oauth', api)
    expect(await screen.findByRole('status', { name: 'Loading OAuth settings' })).toBeInTheDocument()
    await answerLoads(loads, left({ kind: 'status', status: 500, message: 'database locked' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The OAuth settings could not be loaded: database locked.',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await answerLoads(loads, right(OAUTH))
    expect(await screen.findByRole('form', { name: 'OAuth settings' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Provider name' })).toHaveValue('OpenID Connect')
  })

  it('OAuth: bad input gets the generic messages and keeps what was typed; the secret is write-only', async () => {
    const { api, loads, saves } = controlledApi(OAUTH)
    const { app } = open('/admin/configuration/security/oauth', api)
    await answerLoads(loads, right(OAUTH))
    await screen.findByRole('form', { name: 'OAuth settings' })
    expect(
      screen.getByText('A value is set and never shown; type a new one to replace it.'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Client secret')).toHaveValue('')
    await userEvent.click(screen.getByRole('switch', { name: 'Enable OAuth (OpenID Connect)' }))
    await userEvent.type(screen.getByRole('textbox', { name: /Issuer URL/ }), 'not a url')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByRole('textbox', { name: /Issuer URL/ })).toHaveAccessibleDescription(
      expect.stringContaining('Enter a valid URL'),
    )
    expect(screen.getByRole('textbox', { name: /Client ID/ })).toHaveAccessibleDescription(
      'This field is mandatory',
    )
    expect(screen.getByRole('textbox', { name: /Issuer URL/ })).toHaveValue('not a url')
    expect(saves).toHaveLength(0)

    await userEvent.clear(screen.getByRole('textbox', { name: /Issuer URL/ }))
    await userEvent.type(screen.getByRole('textbox', { name: /Issuer URL/ }), 'https://idp.example.test')
    await userEvent.type(screen.getByRole('textbox', { name: /Client ID/ }), 'console')
    await userEvent.type(screen.getByLabelText('Client secret'), 'the-new-client-secret')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await savedOnce(app, 'oauthSettings')
    expect(saves).toEqual([
      {
        page: 'oauth',
        values: expect.objectContaining({
          enabled: true,
          issuerUrl: 'https://idp.example.test',
          clientId: 'console',
        }),
        secret: 'the-new-client-secret',
      },
    ])
    expect(saves[0]!.values).not.toHaveProperty('clientSecret')
    expect(app.exportLog()).not.toContain('the-new-client-secret')
    expect(screen.getByLabelText('Client secret')).toHaveValue('')
  })

  it('OAuth: Test connection shows what the discovery document said, or why it failed', async () => {
    const { api, loads, tests } = controlledApi(OAUTH)
    open('/admin/configuration/security/oauth', api)
    await answerLoads(loads, right({ ...OAUTH, issuerUrl: 'https://idp.example.test' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Test connection' }))
    expect(await screen.findByText('The discovery document was read.')).toBeInTheDocument()
    expect(screen.getByText('https://idp.example.test/jwks')).toBeInTheDocument()
    const issuer = screen.getByRole('textbox', { name: /Issuer URL/ })
    await userEvent.clear(issuer)
    await userEvent.type(issuer, 'https://down.example.test')
    await userEvent.click(screen.getByRole('button', { name: 'Test connection' }))
    expect(await screen.findByText(/could not be fetched/)).toBeInTheDocument()
    expect(tests).toEqual(['https://idp.example.test', 'https://down.example.test'])
  })

  it('LDAP: says honestly it binds to no directory, and refuses a non-LDAP URL and a pattern without {0}', async () => {
    const LDAP: SettingsValues = {
      enabled: true,
      url: '',
      userDnPattern: '',
      searchBase: '',
      searchFilter: '',
      searchSubTree: true,
      managerDn: '',
      managerPasswordSet: false,
      emailAttribute: 'mail',
      autoCreateUsers: true,
    }
    const { api, loads, saves } = controlledApi(LDAP)
    open('/admin/configuration/security/ldap', api)
    await answerLoads(loads, right(LDAP))
    expect(await screen.findByRole('note')).toHaveTextContent('does not sign anyone in through the directory')
    await userEvent.type(screen.getByRole('textbox', { name: /LDAP URL/ }), 'https://ldap.example.test')
    await userEvent.type(screen.getByRole('textbox', { name: /User DN pattern/ }), 'uid=x,ou=people')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByRole('textbox', { name: /LDAP URL/ })).toHaveAccessibleDescription(
      expect.stringContaining('Enter a valid URL (ldap:// or ldaps://)'),
    )
    expect(screen.getByRole('textbox', { name: /User DN pattern/ })).toHaveAccessibleDescription(
      expect.stringContaining('The value must hold {0}'),
    )
    expect(saves).toHaveLength(0)
  })

  it('Crowd: says what its settings serve, the single sign-on at /ui/login/sso/crowd', async () => {
    const CROWD: SettingsValues = {
      enabled: true,
      serverUrl: 'https://crowd.example.test/crowd',
      applicationName: 'platform',
      applicationPasswordSet: true,
      sessionValidationMinutes: 0,
      useDefaultProxy: false,
      autoCreateUsers: true,
    }
    const { api, loads } = controlledApi(CROWD)
    open('/admin/configuration/security/crowd_integration', api)
    await answerLoads(loads, right(CROWD))
    const note = await screen.findByRole('note')
    expect(note).toHaveTextContent('signs in at /ui/login/sso/crowd')
    expect(note).not.toHaveTextContent('does not sign anyone in')
  })

  it('General (the Security Settings page itself): saves the password rules as numbers', async () => {
    const { api, loads, saves } = controlledApi(GENERAL)
    const { app } = open('/admin/configuration/security', api)
    await answerLoads(loads, right(GENERAL))
    expect(await screen.findByRole('heading', { name: 'Security Settings', level: 1 })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'General' })).toHaveAttribute('aria-current', 'page')
    const min = await screen.findByRole('textbox', { name: /Minimum password length/ })
    await userEvent.clear(min)
    await userEvent.type(min, '2')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(min).toHaveAccessibleDescription('Enter a whole number from 4 to 64')
    await userEvent.clear(min)
    await userEvent.type(min, '12')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await savedOnce(app, 'securitySettings')
    expect(saves[0]!.values).toMatchObject({ passwordMinLength: 12, userLockMaxAttempts: 5 })
    expect(saves[0]!.values).not.toHaveProperty('anonymousAccess')
  })

  it('General: how long a password lasts, and after how many failures a user is locked, only while on', async () => {
    // Both fields were open to typing, marked mandatory, with their switch off.
    const { api, loads } = controlledApi(GENERAL)
    open('/admin/configuration/security/general', api)
    await answerLoads(loads, right(GENERAL))
    const days = await screen.findByRole('textbox', { name: /Password expires every \(days\)/ })
    const attempts = screen.getByRole('textbox', { name: /Failed attempts before locking/ })
    expect(days).toBeDisabled()
    expect(days).toHaveValue('60')
    expect(attempts).toBeEnabled()
    await userEvent.click(screen.getByRole('switch', { name: 'Passwords expire' }))
    expect(days).toBeEnabled()
    await userEvent.click(screen.getByRole('switch', { name: 'Lock a user after failed sign-in attempts' }))
    expect(attempts).toBeDisabled()
  })

  it('HTTP SSO: loading, a failure with Retry, no proxy yet, and bad input kept with its reason', async () => {
    const HTTP_SSO: SettingsValues = {
      enabled: false,
      remoteUserHeader: 'REMOTE_USER',
      trustedProxies: '',
      autoCreateUsers: true,
    }
    const { api, loads, saves } = controlledApi(HTTP_SSO)
    let refuse = true
    const refusing: SecurityApi = {
      ...api,
      save: async (page, values, secret) => {
        if (!refuse) return api.save(page, values, secret)
        refuse = false
        return left({ kind: 'status', status: 400, message: 'trustedProxies: This field is mandatory' })
      },
    }
    const { app } = open('/admin/configuration/security/http_sso', refusing)
    expect(await screen.findByRole('status', { name: 'Loading HTTP SSO settings' })).toBeInTheDocument()
    await answerLoads(loads, left({ kind: 'network', message: 'offline' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The HTTP SSO settings could not be loaded')
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await answerLoads(loads, right(HTTP_SSO))

    expect(await screen.findByRole('form', { name: 'HTTP SSO settings' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'HTTP SSO' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('note')).toHaveTextContent('/ui/login/sso/http')
    expect(screen.getByText('None yet')).toBeInTheDocument()
    const header = screen.getByRole('textbox', { name: /Remote user header/ })
    const proxies = screen.getByRole('textbox', { name: /Trusted proxy addresses/ })
    expect(header).toHaveValue('REMOTE_USER')

    // Enabled with no proxy, a header a proxy could not send, and a host name for an address.
    await userEvent.click(screen.getByRole('switch', { name: 'Enable HTTP SSO' }))
    await userEvent.clear(header)
    await userEvent.type(header, 'X Remote User')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(header).toHaveAccessibleDescription(
      expect.stringContaining('letters, digits, dashes and underscores'),
    )
    expect(proxies).toHaveAccessibleDescription(expect.stringContaining('This field is mandatory'))
    await userEvent.type(proxies, '10.0.0.5{enter}proxy.example.test')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(proxies).toHaveAccessibleDescription(
      expect.stringContaining('proxy.example.test is not an IP address'),
    )
    expect(header).toHaveValue('X Remote User')
    expect(proxies).toHaveValue('10.0.0.5\nproxy.example.test')
    expect(saves).toHaveLength(0)

    // The platform's refusal names its field; what was typed stays.
    await userEvent.clear(header)
    await userEvent.type(header, 'X-Remote-User')
    await userEvent.clear(proxies)
    await userEvent.type(proxies, '10.0.0.5{enter}{enter}::1')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('The settings were not saved', { exact: false })).toBeInTheDocument()
    expect(proxies).toHaveAccessibleDescription(expect.stringContaining('This field is mandatory'))
    expect(proxies).toHaveValue('10.0.0.5\n\n::1')

    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await savedOnce(app, 'httpSsoSettings')
    expect(saves).toEqual([
      {
        page: 'httpsso',
        values: {
          enabled: true,
          remoteUserHeader: 'X-Remote-User',
          trustedProxies: '10.0.0.5\n::1',
          autoCreateUsers: true,
        },
      },
    ])
    expect(await screen.findByText('10.0.0.5, ::1')).toBeInTheDocument()
  })
})
