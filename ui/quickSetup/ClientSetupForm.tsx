/** Quick setup's "set up a client" form: a package type and one of the platform's repositories of it. */
import {
  chosenPackageType,
  chosenRepo,
  validateClientSetup,
  type ClientSetupMessage,
} from '../../domain/quickSetup/clientSetup'
import { useDispatch, useQuery } from '../shared/appContext'
import { useValidatedForm } from '../shared/forms'
import { Button } from '../shared/kit/Button'
import { Field, FormLayout } from '../shared/kit/Field'
import { Select } from '../shared/kit/Select'
import { NoTypeRepository, useTypeRepositories } from '../shared/clientSetUp/TypeRepositories'

const word = (message: ClientSetupMessage): string =>
  message.key === 'noRepository' ? 'Choose a repository' : 'Choose a package type'

export function ClientSetupForm() {
  const packageTypes = useQuery({ type: 'platform/State' }).packageTypes
  const dispatch = useDispatch()
  const repositoriesOf = useTypeRepositories(true)
  const reposOf = (packageType: string) => {
    const found = repositoriesOf(packageType)
    return found.status === 'loaded' ? found.repos : []
  }
  const { values, bind, submit } = useValidatedForm(
    { type: '', repo: '' },
    validateClientSetup(packageTypes, reposOf),
    word,
  )
  const chosenType = chosenPackageType(values, packageTypes, reposOf)
  const repositories = repositoriesOf(chosenType)
  const repos = repositories.status === 'loaded' ? repositories.repos : []
  const type = bind('type')
  const repo = bind('repo')
  return (
    <form
      aria-label="Set up a client"
      onSubmit={submit(({ packageType, repo, availableRepos }) =>
        dispatch({ type: 'quickSetup/SetUpClient', packageType, repo, availableRepos }),
      )}
      noValidate
    >
      <FormLayout
        actions={
          <Button type="submit" variant="primary" disabled={repos.length === 0}>
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
        {chosenType !== '' && (
          <Field label="Repository" error={repo.error}>
            <Select
              id="client-setup-repo"
              value={chosenRepo(values, repos)}
              onValueChange={repo.onChange}
              placeholder="No repository to choose"
              disabled={repos.length === 0}
              options={repos.map((r) => ({ value: r, label: r }))}
              wide
            />
          </Field>
        )}
        {chosenType !== '' && <NoTypeRepository packageType={chosenType} repositories={repositories} />}
      </FormLayout>
    </form>
  )
}
