/** Quick setup's "set up a client" form: a package type and a repository key. */
import { useState, type FormEvent } from 'react'
import { defaultRepoFor, isRepoKey } from '../../domain/onboarding'
import { NAME_MESSAGE } from '../../domain/shared/forms'
import { useDispatch, useQuery } from '../shared/appContext'

export function ClientSetupForm() {
  const packageTypes = useQuery({ type: 'platform/State' }).packageTypes
  const dispatch = useDispatch()
  const [type, setType] = useState('')
  const [repo, setRepo] = useState('')
  const [error, setError] = useState<string | undefined>(undefined)
  const chosenType = type || packageTypes[0] || ''
  const repoKey = repo.trim() === '' ? defaultRepoFor(chosenType) : repo.trim()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (chosenType === '') return setError('Choose a package type')
    if (!isRepoKey(repoKey)) return setError(NAME_MESSAGE)
    setError(undefined)
    dispatch({ type: 'onboarding/SetUpClient', packageType: chosenType, repo: repoKey })
  }
  return (
    <form aria-label="Set up a client" onSubmit={submit} noValidate>
      <p>
        <label htmlFor="client-setup-type">Package type</label>{' '}
        <select id="client-setup-type" value={chosenType} onChange={(e) => setType(e.target.value)}>
          {packageTypes.length === 0 && <option value="">No package types available</option>}
          {packageTypes.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </p>
      <p>
        <label htmlFor="client-setup-repo">Repository</label>{' '}
        <input
          id="client-setup-repo"
          value={repo}
          placeholder={defaultRepoFor(chosenType || 'generic')}
          aria-invalid={error === NAME_MESSAGE}
          aria-describedby={error ? 'client-setup-error' : undefined}
          onChange={(e) => setRepo(e.target.value)}
        />
      </p>
      {error && (
        <p id="client-setup-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit">Set up client</button>
    </form>
  )
}
