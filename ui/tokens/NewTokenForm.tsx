// The form that makes a token: description, lifetime, repositories and access.
import { useState, type FormEvent } from 'react'
import {
  validateTokenForm,
  type TokenAccess,
  type TokenFormFields,
  type TokenRequest,
  type TokensMessage,
} from '../../domain/tokens'
import { platformSaidOr } from '../../domain/shared/failure'
import { useDispatch, useQuery } from '../shared/appContext'
import { useValidatedForm, type Binding } from '../shared/forms'
import { Button } from '../shared/kit/Button'
import { RadioGroup } from '../shared/kit/Choice'
import { FormLayout, TextField } from '../shared/kit/Field'
import kitField from '../shared/kit/field.module.css'
import { FailureNote } from '../shared/kit/LoadFailure'
import { tokensText } from './messages'

const text = (b: Binding<string>) => ({
  value: b.value,
  onChange: (e: { target: { value: string } }) => b.onChange(e.target.value),
  onBlur: b.onBlur,
  error: b.error,
})

export function NewTokenForm({
  defaultDays,
  maxDays,
}: {
  readonly defaultDays: number
  readonly maxDays: number
}) {
  const dispatch = useDispatch()
  const create = useQuery({ type: 'tokens/State' }).create
  const initial: TokenFormFields = {
    description: '',
    days: String(defaultDays),
    reach: 'all',
    repositories: '',
    access: 'deploy',
  }
  const { bind, submit, values, set, reset } = useValidatedForm<TokenFormFields, TokenRequest, TokensMessage>(
    initial,
    (fields) => validateTokenForm(fields, maxDays),
    tokensText,
  )
  // A made token's form starts again (state adjusted while rendering, once per token).
  const [seen, setSeen] = useState(create.status)
  if (create.status !== seen) {
    setSeen(create.status)
    if (create.status === 'created') reset(initial)
  }
  const onSubmit: (event: FormEvent) => void = submit((request) =>
    dispatch({ type: 'tokens/Create', ...request }),
  )
  return (
    <form aria-label="New access token" noValidate onSubmit={onSubmit}>
      <FormLayout
        actions={
          <Button type="submit" variant="primary" busy={create.status === 'pending'}>
            Create token
          </Button>
        }
      >
        <TextField
          label="Description"
          hint="What the token is for, e.g. the CI job that uses it."
          {...text(bind('description'))}
        />
        <TextField
          label="Expires in (days)"
          inputMode="numeric"
          required
          hint={`At most ${maxDays} days on this platform.`}
          {...text(bind('days'))}
        />
        <p className={kitField.label} aria-hidden="true">
          Repositories
        </p>
        <RadioGroup<TokenFormFields['reach']>
          label="Repositories"
          value={values.reach}
          onValueChange={(reach) => set({ reach })}
          options={[
            { value: 'all', label: 'All repositories I may use' },
            { value: 'chosen', label: 'Only these repositories' },
          ]}
        />
        {values.reach === 'chosen' && (
          <TextField
            label="Repository keys"
            required
            hint="Separated by commas or spaces, e.g. npm-local, generic-local."
            {...text(bind('repositories'))}
          />
        )}
        <p className={kitField.label} aria-hidden="true">
          Access
        </p>
        <RadioGroup<TokenAccess>
          label="Access"
          value={values.access}
          onValueChange={(access) => set({ access })}
          options={[
            { value: 'read', label: 'Read (download, install)' },
            { value: 'deploy', label: 'Read and deploy (publish, upload)' },
          ]}
        />
      </FormLayout>
      {create.status === 'failed' && (
        <FailureNote>{`The token could not be made: ${platformSaidOr(create.failure, 'the platform refused it')}`}</FailureNote>
      )}
    </form>
  )
}
