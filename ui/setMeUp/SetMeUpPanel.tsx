/** The set-me-up panel: how to configure a package client for a repository of the platform. */
import { useState } from 'react'
import { KeyRound, X } from 'lucide-react'
import { clientSetup, type ClientAccess } from '../../domain/setMeUp/steps'
import { useApp, useDispatch, useQuery } from '../shared/appContext'
import { whatHappened } from '../shared/failureText'
import { Button, IconButton } from '../shared/kit/Button'
import { CodeBlock } from '../shared/kit/CodeBlock'
import { Select } from '../shared/kit/Select'
import { BaseUrlState, NotServedNote, SetupStepView } from '../shared/clientSetUp/SetupSteps'
import { NoTypeRepository, useTypeRepositories } from '../shared/clientSetUp/TypeRepositories'
import styles from './setMeUp.module.css'
import chrome from '../shared/chrome.module.css'
import surface from '../shared/kit/surface.module.css'

/**
 * The client token the platform issued, taken once from the in-memory vault and kept only in
 * this component's memory: closing the panel forgets it (the platform keeps only its hash).
 */
function useShownToken(): ClientAccess | undefined {
  const app = useApp()
  const { clientToken = { status: 'idle' } } = useQuery({ type: 'repositories/State' })
  // Taken from the vault on the first render that sees its reference; this panel's memory only.
  const [taken] = useState(() => new Map<string, string>())
  if (clientToken.status !== 'issued') return undefined
  if (!taken.has(clientToken.ref)) {
    const token = app.takeSecret(clientToken.ref)
    taken.clear()
    if (token !== undefined) taken.set(clientToken.ref, token)
  }
  const token = taken.get(clientToken.ref)
  return token === undefined ? undefined : { token, user: clientToken.user }
}

function TokenSection({ access }: { readonly access: ClientAccess | undefined }) {
  const dispatch = useDispatch()
  const { clientToken = { status: 'idle' } } = useQuery({ type: 'repositories/State' })
  const generate = () => dispatch({ type: 'repositories/GenerateClientToken' })
  return (
    <section className={chrome.token} aria-label="Client token">
      {access ? (
        <>
          <p>
            Your token, shown once: copy it now. The console does not keep it; the steps below include it.
          </p>
          <CodeBlock code={access.token} label="token" wrap />
        </>
      ) : (
        <p className={chrome.muted}>Generate a token for your client to sign in with as yourself.</p>
      )}
      {clientToken.status === 'failed' && (
        <p role="alert" className={chrome.fieldError}>
          The token could not be generated: {whatHappened(clientToken.failure)}.
        </p>
      )}
      <Button
        variant="secondary"
        size="sm"
        icon={<KeyRound size={16} aria-hidden />}
        busy={clientToken.status === 'pending'}
        onClick={generate}
      >
        {clientToken.status === 'failed' ? 'Retry' : access ? 'Generate another token' : 'Generate token'}
      </Button>
    </section>
  )
}

export function SetMeUpPanel() {
  const address = useQuery({ type: 'setMeUp/ClientAddress' })
  const packageTypes = useQuery({ type: 'platform/State' }).packageTypes
  const dispatch = useDispatch()
  const access = useShownToken()
  const setMeUp = useQuery({ type: 'setMeUp/Panel' })
  const [chosenRepo, setChosenRepo] = useState<string | undefined>(undefined)
  // The platform's own repositories of the type, so the addresses below exist.
  const repositoriesOf = useTypeRepositories(setMeUp.visible)
  if (!setMeUp.visible) return null
  const type = setMeUp.packageType
  const repositories = type ? repositoriesOf(type) : undefined
  const repos =
    setMeUp.availableRepos.length > 0
      ? setMeUp.availableRepos
      : repositories?.status === 'loaded'
        ? repositories.repos
        : []
  const repo = chosenRepo !== undefined && repos.includes(chosenRepo) ? chosenRepo : repos[0]
  const types = type && !packageTypes.includes(type) ? [type, ...packageTypes] : packageTypes
  return (
    <aside className={styles.panel} aria-labelledby="set-me-up-title">
      <header className={surface.cardHeader}>
        <h2 id="set-me-up-title" className={surface.cardTitle}>
          Set Me Up
        </h2>
        <IconButton
          label="Close Set Me Up"
          icon={<X size={16} aria-hidden />}
          onClick={() => dispatch({ type: 'setMeUp/Hide' })}
        />
      </header>
      <div className={chrome.field}>
        <label htmlFor="set-me-up-type">Package type</label>
        <Select
          id="set-me-up-type"
          value={type ?? ''}
          placeholder="Choose a package type"
          options={types.map((t) => ({ value: t, label: t }))}
          onValueChange={(packageType) => {
            setChosenRepo(undefined)
            if (packageType) dispatch({ type: 'setMeUp/Show', packageType, availableRepos: [] })
          }}
        />
      </div>
      {type && repo ? (
        <>
          <div className={chrome.field}>
            <label htmlFor="set-me-up-repo">Repository</label>
            <Select
              id="set-me-up-repo"
              value={repo}
              options={repos.map((r) => ({ value: r, label: r }))}
              onValueChange={setChosenRepo}
            />
          </div>
          <TokenSection access={access} />
          {address.baseUrl === undefined ? (
            <BaseUrlState
              failure={address.failure}
              onRetry={() => dispatch({ type: 'setMeUp/LoadClientBaseUrl' })}
            />
          ) : (
            <section aria-label={`Set up ${type} for ${repo}`}>
              <NotServedNote packageType={type} repo={repo} />
              {clientSetup(type, address.baseUrl, repo, access, address.reverseProxies).map((step) => (
                <SetupStepView key={step.title} step={step} />
              ))}
            </section>
          )}
        </>
      ) : type && repositories ? (
        <NoTypeRepository packageType={type} repositories={repositories} />
      ) : (
        <p>Choose a package type to configure your client to work with the platform.</p>
      )}
    </aside>
  )
}
