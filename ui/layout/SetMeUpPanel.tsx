/** The set-me-up panel: how to configure a package client for a repository of the platform. */
import { useState } from 'react'
import { defaultRepoFor } from '../../domain/onboarding'
import { clientSetup } from '../../domain/onboarding/setMeUp'
import { useDispatch, useQuery } from '../shared/appContext'
import { BaseUrlState, SetupStepView } from './SetupSteps'
import styles from './layout.module.css'
import chrome from './chrome.module.css'

export function SetMeUpPanel() {
  const nav = useQuery({ type: 'navigation/State' })
  const packageTypes = useQuery({ type: 'platform/State' }).packageTypes
  const dispatch = useDispatch()
  const setMeUp = nav.setMeUp
  const [chosenRepo, setChosenRepo] = useState<string | undefined>(undefined)
  if (!setMeUp.visible) return null
  const type = setMeUp.packageType
  const repos = type
    ? setMeUp.availableRepos.length > 0
      ? setMeUp.availableRepos
      : [defaultRepoFor(type)]
    : []
  const repo = chosenRepo !== undefined && repos.includes(chosenRepo) ? chosenRepo : repos[0]
  const types = type && !packageTypes.includes(type) ? [type, ...packageTypes] : packageTypes
  return (
    <aside className={styles.panel} aria-labelledby="set-me-up-title">
      <h2 id="set-me-up-title">Set Me Up</h2>
      <div className={chrome.field}>
        <label htmlFor="set-me-up-type">Package type</label>
        <select
          id="set-me-up-type"
          value={type ?? ''}
          onChange={(e) => {
            setChosenRepo(undefined)
            if (e.target.value)
              dispatch({ type: 'navigation/ShowSetMeUp', packageType: e.target.value, availableRepos: [] })
          }}
        >
          <option value="">Choose a package type</option>
          {types.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
      {type && repo ? (
        <>
          <div className={chrome.field}>
            <label htmlFor="set-me-up-repo">Repository</label>
            <select id="set-me-up-repo" value={repo} onChange={(e) => setChosenRepo(e.target.value)}>
              {repos.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </div>
          {nav.clientBaseUrl === undefined ? (
            <BaseUrlState
              failure={nav.clientBaseUrlFailure}
              onRetry={() => dispatch({ type: 'navigation/LoadClientBaseUrl' })}
            />
          ) : (
            <section aria-label={`Set up ${type} for ${repo}`}>
              {clientSetup(type, nav.clientBaseUrl, repo).map((step) => (
                <SetupStepView key={step.title} step={step} />
              ))}
            </section>
          )}
        </>
      ) : (
        <p>Choose a package type to configure your client to work with the platform.</p>
      )}
      <button type="button" onClick={() => dispatch({ type: 'navigation/HideSetMeUp' })}>
        Close Set Me Up
      </button>
    </aside>
  )
}
