// Entry of the security area's screens (a lazily loaded chunk, mounted by ui/routes.tsx):
// Administration → Security Settings with its pages General, SAML, OAuth, LDAP, Crowd / JIRA and
// HTTP SSO.
import { useEffect, useState, type FormEvent } from 'react'
import { PlugZap, Save } from 'lucide-react'
import { Link } from 'wouter'
import {
  PAGE_SPECS,
  SECURITY_PAGES,
  validateSecuritySettings,
  type FieldSpec,
  type SecurityMessage,
  type SecurityPage,
  type SettingsValues,
} from '../../domain/security'
import { failureMessage } from '../../domain/shared/failure'
import { useApp, useDispatch, useQuery } from '../shared/appContext'
import { Button } from '../shared/kit/Button'
import { LinkTabs } from '../shared/kit/LinkTabs'
import { LoadFailure } from '../shared/kit/LoadFailure'
import { Select, Switch } from '../shared/kit/Choice'
import { Field, FormLayout, PasswordField, TextField, Textarea } from '../shared/kit/Field'
import { Card, KeyValue, PageHeader, PageSkeleton } from '../shared/kit/Surface'
import {
  BINDING_LABELS,
  CROWD_NOTE,
  DIRECTORY_NOTE,
  FIELD_LABELS,
  HTTP_SSO_NOTE,
  PAGE_DESCRIPTIONS,
  PAGE_TITLES,
  SP_NEEDS_BASE_URL,
  securityText,
} from './messages'
import kit from '../shared/kit/page.module.css'
import forms from '../shared/forms.module.css'
import styles from './security.module.css'
import { mandatory } from '../../domain/shared/forms'

const ROUTE_PAGES: Readonly<Record<string, SecurityPage>> = {
  security: 'general',
  'security.general': 'general',
  'security.saml': 'saml',
  'security.oauth': 'oauth',
  'security.ldap': 'ldap',
  'security.crowd': 'crowd',
  'security.httpsso': 'httpsso',
}

const GENERAL_SETTINGS_PATH = '/admin/configuration/general'

const PAGE_PATHS: Readonly<Record<SecurityPage, string>> = {
  general: '/admin/configuration/security/general',
  saml: '/admin/configuration/security/saml_integration',
  oauth: '/admin/configuration/security/oauth',
  ldap: '/admin/configuration/security/ldap',
  crowd: '/admin/configuration/security/crowd_integration',
  httpsso: '/admin/configuration/security/http_sso',
}

export default function SecurityArea() {
  const match = useQuery({ type: 'navigation/Route' })
  const page = ROUTE_PAGES[match?.route.name ?? ''] ?? 'general'
  return (
    <section className={kit.page}>
      <PageHeader title="Security Settings" description={PAGE_DESCRIPTIONS[page]} />
      <LinkTabs
        label="Security settings pages"
        links={SECURITY_PAGES.map((p) => ({ label: PAGE_TITLES[p], href: PAGE_PATHS[p] }))}
        current={PAGE_TITLES[page]}
      />
      <SettingsPage key={page} page={page} />
    </section>
  )
}

function SettingsPage({ page }: { readonly page: SecurityPage }) {
  const dispatch = useDispatch()
  const state = useQuery({ type: 'security/State' }).pages[page]
  useEffect(() => {
    dispatch({ type: 'security/Load', page })
  }, [dispatch, page])
  const { settings } = state
  if (settings.status === 'failed')
    return (
      <LoadFailure
        message={`The ${PAGE_TITLES[page]} settings could not be loaded: ${failureMessage(settings.failure, 'no answer')}.`}
        onRetry={() => dispatch({ type: 'security/Load', page })}
      />
    )
  if (settings.status !== 'loaded') return <PageSkeleton label={`Loading ${PAGE_TITLES[page]} settings`} />
  return <SettingsForm page={page} loaded={settings.data} />
}

type FormValues = Readonly<Record<string, string | boolean>>

const toForm = (values: SettingsValues): FormValues =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v]))

function SettingsForm({ page, loaded }: { readonly page: SecurityPage; readonly loaded: SettingsValues }) {
  const app = useApp()
  const dispatch = useDispatch()
  const state = useQuery({ type: 'security/State' }).pages[page]
  const spec = PAGE_SPECS[page]
  // What the user typed stays, whatever the platform answers.
  const [values, setValues] = useState<FormValues>(() => toForm(loaded))
  const [secret, setSecret] = useState('')
  const [problems, setProblems] = useState<Readonly<Record<string, SecurityMessage>>>({})
  // The platform's refusal is its own words; the rules' problems are keys, worded here.
  const shownProblems: Readonly<Record<string, string>> = {
    ...state.problems,
    ...Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, securityText(problem)])),
  }
  const secretSet = spec.secret !== undefined && loaded[`${spec.secret}Set`] === true

  const set = (name: string, value: string | boolean) => {
    setValues((v) => ({ ...v, [name]: value }))
    setProblems(({ [name]: _fixed, ...rest }) => rest)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = validateSecuritySettings(page, values, { secretTyped: secret !== '' })
    setProblems(found)
    if (Object.keys(found).length > 0) return
    dispatch({
      type: 'security/Save',
      page,
      values,
      ...(secret !== '' ? { secretRef: app.stashSecret(secret) } : {}),
    })
    setSecret('')
  }

  const labels = FIELD_LABELS[page]
  const control = (field: FieldSpec) => {
    const label = labels[field.name]?.label ?? field.name
    const hint = labels[field.name]?.hint
    const error = shownProblems[field.name]
    // Mandatory only while the page's integration is on (as the rule says).
    const required = field.required === true && (values.enabled === true || !('enabled' in values))
    // A detail of a switch that is off (how many days a password lasts, with expiry off) is
    // kept but not open to change.
    const inapplicable = field.onlyWith !== undefined && values[field.onlyWith] !== true
    const value = values[field.name]
    switch (field.kind) {
      case 'switch':
        return (
          <div key={field.name} className={styles.switchRow}>
            <Switch label={label} checked={value === true} onCheckedChange={(c) => set(field.name, c)} />
            {error && <p className={styles.error}>{error}</p>}
          </div>
        )
      case 'secret':
        return (
          <PasswordField
            key={field.name}
            label={label}
            hint={secretSet ? 'A value is set and never shown; type a new one to replace it.' : hint}
            error={error}
            autoComplete="new-password"
            value={secret}
            onChange={(e) => {
              setSecret(e.target.value)
              setProblems(({ [field.name]: _fixed, ...rest }) => rest)
            }}
          />
        )
      case 'lines':
      case 'multiline':
        return (
          <Textarea
            key={field.name}
            label={label}
            hint={hint}
            error={error}
            required={required}
            spellCheck={false}
            rows={field.kind === 'lines' ? 4 : 6}
            placeholder={field.kind === 'lines' ? '10.0.0.5\n::1' : undefined}
            className={styles.mono}
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => set(field.name, e.target.value)}
          />
        )
      case 'choice':
        return (
          <Field key={field.name} label={label} hint={hint} error={error}>
            <Select
              value={typeof value === 'string' ? value : (field.choices?.[0] ?? '')}
              options={(field.choices ?? []).map((c) => ({ value: c, label: BINDING_LABELS[c] ?? c }))}
              onValueChange={(v) => set(field.name, v)}
            />
          </Field>
        )
      default:
        return (
          <TextField
            key={field.name}
            label={label}
            hint={hint}
            error={error}
            required={required && !inapplicable}
            disabled={inapplicable}
            inputMode={field.kind === 'number' ? 'numeric' : undefined}
            type={field.kind === 'url' ? 'url' : 'text'}
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => set(field.name, e.target.value)}
          />
        )
    }
  }

  return (
    // A page with nothing beside its form (LDAP, Crowd) gives the form the width: in two
    // columns with an empty aside it was a third of the page at 1024 px.
    <div className={PAGES_WITH_FACTS.has(page) ? forms.withAside : styles.single}>
      <Card>
        <form aria-label={`${PAGE_TITLES[page]} settings`} noValidate onSubmit={submit}>
          {(page === 'ldap' || page === 'crowd' || page === 'httpsso') && (
            <p className={styles.note} role="note">
              {page === 'ldap' ? DIRECTORY_NOTE : page === 'crowd' ? CROWD_NOTE : HTTP_SSO_NOTE}
            </p>
          )}
          {state.save.status === 'failed' && (
            <p role="alert" className={styles.error}>
              The settings were not saved: {failureMessage(state.save.failure, 'the platform did not answer')}
              .
            </p>
          )}
          <FormLayout
            actions={
              <>
                {/* Saved: the toast says so (the spec's success notification), not a second line here. */}
                {spec.testField && (
                  <Button
                    icon={<PlugZap size={16} aria-hidden />}
                    busy={state.test.status === 'pending'}
                    onClick={() => {
                      const target = values[spec.testField ?? '']
                      if (typeof target === 'string' && target.trim() !== '')
                        dispatch({ type: 'security/Test', page, target })
                      else setProblems((p) => ({ ...p, [spec.testField ?? '']: mandatory }))
                    }}
                  >
                    Test connection
                  </Button>
                )}
                <Button
                  type="submit"
                  variant="primary"
                  icon={<Save size={16} aria-hidden />}
                  busy={state.save.status === 'pending'}
                >
                  Save
                </Button>
              </>
            }
          >
            {spec.fields.map(control)}
          </FormLayout>
        </form>
      </Card>
      <Facts page={page} loaded={loaded} />
    </div>
  )
}

/** The pages with facts beside their form (`Facts`). */
const PAGES_WITH_FACTS: ReadonlySet<SecurityPage> = new Set(['general', 'saml', 'oauth', 'httpsso'])

/** Read-only facts beside the form: the SP's addresses, the certificate, the connection test. */
function Facts({ page, loaded }: { readonly page: SecurityPage; readonly loaded: SettingsValues }) {
  const state = useQuery({ type: 'security/State' }).pages[page]
  const str = (key: string) => (typeof loaded[key] === 'string' ? (loaded[key] as string) : '')
  if (page === 'general')
    return (
      <Card title="Anonymous access">
        <p>
          {loaded.anonymousAccess === true
            ? 'Visitors may browse without signing in.'
            : 'Visitors must sign in.'}{' '}
          It is part of the platform's installation settings, so it is changed where the platform is installed
          rather than here.
        </p>
      </Card>
    )
  if (page === 'saml') {
    // Made from the platform's base URL alone, never from the address a browser used (a
    // client chooses its Host header): without one there are none to register yet.
    const addressed = str('serviceProvider.acsUrl') !== ''
    const addresses = addressed
      ? [
          {
            key: 'acs',
            label: 'Assertion consumer URL',
            value: <code>{str('serviceProvider.acsUrl')}</code>,
          },
          { key: 'slo', label: 'Single logout URL', value: <code>{str('serviceProvider.sloUrl')}</code> },
          {
            key: 'metadata',
            label: 'Metadata',
            value: (
              <a href={str('serviceProvider.metadataUrl')} target="_blank" rel="noreferrer">
                {str('serviceProvider.metadataUrl')}
              </a>
            ),
          },
        ]
      : []
    return (
      <Card title="Service provider">
        {!addressed && (
          <p className={styles.note} role="note">
            {SP_NEEDS_BASE_URL} <Link href={GENERAL_SETTINGS_PATH}>Set the base URL in General Settings</Link>
            .
          </p>
        )}
        <KeyValue
          stacked
          items={[
            ...(str('serviceProvider.entityId')
              ? [{ key: 'entity', label: 'Entity ID', value: <code>{str('serviceProvider.entityId')}</code> }]
              : []),
            ...addresses,
            {
              key: 'cert',
              label: 'IdP certificate',
              value: str('certificate.subject')
                ? `${str('certificate.subject')}, valid to ${str('certificate.validTo').slice(0, 10)}`
                : 'None yet',
            },
          ]}
        />
      </Card>
    )
  }
  if (page === 'oauth')
    return (
      <Card title="Connection test">
        {state.test.status === 'done' ? (
          <div role="status">
            <p>The discovery document was read.</p>
            <KeyValue
              stacked
              items={Object.entries(state.tested).map(([k, v]) => ({
                key: k,
                label: k,
                value: <code>{v}</code>,
              }))}
            />
          </div>
        ) : state.test.status === 'failed' ? (
          <p role="alert" className={styles.error}>
            {failureMessage(state.test.failure, 'The provider did not answer')}
          </p>
        ) : (
          <p>Test connection reads the issuer&apos;s discovery document.</p>
        )}
      </Card>
    )
  if (page === 'httpsso') {
    const proxies = str('trustedProxies')
      .split('\n')
      .filter((line) => line !== '')
    return (
      <Card title="Sign-in">
        <KeyValue
          stacked
          items={[
            {
              key: 'address',
              label: 'Sign-in path',
              value: <code>/ui/login/sso/http</code>,
            },
            { key: 'state', label: 'State', value: loaded.enabled === true ? 'Enabled' : 'Off' },
            {
              key: 'proxies',
              label: 'Trusted proxies',
              value: proxies.length === 0 ? 'None yet' : proxies.join(', '),
            },
          ]}
        />
      </Card>
    )
  }
  return null
}
