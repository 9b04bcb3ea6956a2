// Entry of the tokens area's admin page: every user's live tokens and the longest lifetime allowed.
import { useEffect } from 'react'
import { validatePolicyForm, type TokensMessage } from '../../domain/tokens'
import { platformSaidOr } from '../../domain/shared/failure'
import { useDispatch, useQuery } from '../shared/appContext'
import { useValidatedForm } from '../shared/forms'
import { Button } from '../shared/kit/Button'
import { FormLayout, TextField } from '../shared/kit/Field'
import { FailureNote } from '../shared/kit/LoadFailure'
import { Card, PAGE_TITLE_ID, PageHeader } from '../shared/kit/Surface'
import kit from '../shared/kit/page.module.css'
import { ManagementNav } from '../shared/ManagementNav'
import { tokensText } from './messages'
import { TokenTable } from './TokenTable'

function PolicyForm({ maxDays }: { readonly maxDays: number }) {
  const dispatch = useDispatch()
  const policy = useQuery({ type: 'tokens/State' }).policy
  const { bind, submit } = useValidatedForm<{ maxDays: string }, number, TokensMessage>(
    { maxDays: String(maxDays) },
    validatePolicyForm,
    tokensText,
  )
  const field = bind('maxDays')
  return (
    <form
      aria-label="Token lifetime"
      noValidate
      onSubmit={submit((days) => dispatch({ type: 'tokens/SetPolicy', maxDays: days }))}
    >
      <FormLayout
        actions={
          <Button type="submit" variant="primary" busy={policy.status === 'pending'}>
            Save
          </Button>
        }
      >
        <TextField
          label="Longest lifetime of a new token (days)"
          inputMode="numeric"
          required
          hint="Tokens made before keep their expiry."
          value={field.value}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          error={field.error}
        />
      </FormLayout>
      {policy.status === 'saved' && (
        <p role="status">{`A new token may now live at most ${policy.maxDays} days.`}</p>
      )}
      {policy.status === 'failed' && (
        <FailureNote>{`The lifetime was not saved: ${platformSaidOr(policy.failure, 'the platform refused it')}`}</FailureNote>
      )}
    </form>
  )
}

export default function AdminTokens() {
  const dispatch = useDispatch()
  const list = useQuery({ type: 'tokens/State' }).lists.all
  useEffect(() => {
    dispatch({ type: 'tokens/Load', owner: 'all' })
  }, [dispatch])
  // The form starts from the maximum the first answer gave (its state is its own from then on).
  const maxDays =
    list.status === 'loaded'
      ? list.data.maxDays
      : list.status === 'loading'
        ? list.previous?.maxDays
        : undefined
  return (
    <section aria-labelledby={PAGE_TITLE_ID} className={kit.page}>
      <PageHeader
        title="Access Tokens"
        description="The live client tokens of every user, and how long a new one may live."
      />
      <ManagementNav current="Access Tokens" />
      <Card title="Token lifetime">
        {maxDays !== undefined ? (
          <PolicyForm maxDays={maxDays} />
        ) : list.status === 'failed' ? (
          <p>The lifetime shows once the tokens are loaded.</p>
        ) : (
          <p role="status">Loading the token lifetime…</p>
        )}
      </Card>
      <Card title="Tokens">
        <TokenTable owner="all" label="Access tokens" empty="No user has a live access token" />
      </Card>
    </section>
  )
}
