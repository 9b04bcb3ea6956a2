/** Quick setup's "set up a client" form: a package type and a repository key. */
import { useState, type FormEvent } from 'react'
import { defaultRepoFor, isRepoKey } from '../../domain/onboarding'
import { NAME_MESSAGE } from '../../domain/shared/forms'
import { useDispatch, useQuery } from '../shared/appContext'
import { Button } from '../shared/kit/Button'
import { Field, FormLayout, TextField } from '../shared/kit/Field'
import { Select } from '../shared/kit/Select'
import styles from '../shared/kit/field.module.css'

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
      <FormLayout
        actions={
          <Button type="submit" variant="primary">
            Set up client
          </Button>
        }
      >
        <Field label="Package type">
          <Select
            id="client-setup-type"
            value={chosenType}
            onValueChange={setType}
            placeholder="No package types available"
            disabled={packageTypes.length === 0}
            options={packageTypes.map((t) => ({ value: t, label: t }))}
            wide
          />
        </Field>
        <TextField
          id="client-setup-repo"
          label="Repository"
          value={repo}
          placeholder={defaultRepoFor(chosenType || 'generic')}
          aria-invalid={error === NAME_MESSAGE}
          aria-describedby={error ? 'client-setup-error' : undefined}
          onChange={(e) => setRepo(e.target.value)}
        />
        {error && (
          <p id="client-setup-error" role="alert" className={styles.error}>
            {error}
          </p>
        )}
      </FormLayout>
    </form>
  )
}
