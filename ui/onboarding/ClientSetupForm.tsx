/** Quick setup's "set up a client" form: a package type and a repository key. */
import {
  chosenPackageType,
  validateClientSetup,
  type ClientSetupMessage,
} from '../../domain/onboarding/clientSetup'
import { defaultRepoFor } from '../../domain/onboarding'
import { NAME_MESSAGE } from '../../domain/shared/forms'
import { useDispatch, useQuery } from '../shared/appContext'
import { useValidatedForm } from '../shared/forms'
import { Button } from '../shared/kit/Button'
import { Field, FormLayout, TextField } from '../shared/kit/Field'
import { Select } from '../shared/kit/Select'

const word = (message: ClientSetupMessage): string =>
  message.key === 'invalidName' ? NAME_MESSAGE : 'Choose a package type'

export function ClientSetupForm() {
  const packageTypes = useQuery({ type: 'platform/State' }).packageTypes
  const dispatch = useDispatch()
  const { values, bind, submit } = useValidatedForm(
    { type: '', repo: '' },
    validateClientSetup(packageTypes),
    word,
  )
  const chosenType = chosenPackageType(values, packageTypes)
  const type = bind('type')
  const repo = bind('repo')
  return (
    <form
      aria-label="Set up a client"
      onSubmit={submit(({ packageType, repo }) =>
        dispatch({ type: 'onboarding/SetUpClient', packageType, repo }),
      )}
      noValidate
    >
      <FormLayout
        actions={
          <Button type="submit" variant="primary">
            Set up client
          </Button>
        }
      >
        <Field label="Package type" error={type.error}>
          <Select
            id="client-setup-type"
            value={chosenType}
            onValueChange={type.onChange}
            placeholder="No package types available"
            disabled={packageTypes.length === 0}
            options={packageTypes.map((t) => ({ value: t, label: t }))}
            wide
          />
        </Field>
        <TextField
          id="client-setup-repo"
          label="Repository"
          value={repo.value}
          placeholder={defaultRepoFor(chosenType || 'generic')}
          error={repo.error}
          onChange={(e) => repo.onChange(e.target.value)}
        />
      </FormLayout>
    </form>
  )
}
