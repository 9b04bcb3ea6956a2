// The deploy dialog's form (domain/artifacts/deployForm.ts through the form kit): a bad target
// path or no file is refused with its message beside the field, what was typed stays, and the
// upload goes only with a file and a valid path.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { right } from 'fp-ts/Either'
import { navigationEffects } from '../../commands/effects/navigation'
import { artifactsEffects } from '../../commands/effects/artifacts'
import type { ArtifactsApi } from '../../adapters/ports'
import { renderShell } from './shellFixtures'
import { notFaked } from '../support/fakePorts'
import { treeRepository } from '../support/fixtures'
import { giveElementsASize } from '../support/jsdomLayout'

giveElementsASize()

const effects = { ...navigationEffects, ...artifactsEffects }
const developer = { user: { name: 'developer' }, features: { artifactBrowser: true } } as const

function api() {
  const deployed: string[] = []
  const port: ArtifactsApi = {
    ...notFaked<ArtifactsApi>(),
    repositories: async () => right([treeRepository('generic-local', 'generic', 'local', 0)]),
    children: async () => right({ children: [], total: 0 }),
    deploy: async (repoKey, path, file) => {
      deployed.push(`${repoKey}/${path}`)
      return right({ repoKey, path, sha256: 'd'.repeat(64), size: file.size })
    },
  }
  return { port, deployed }
}

describe('the deploy dialog', () => {
  it('refuses no file and a bad path with their messages, keeps the input, then deploys', async () => {
    const user = userEvent.setup()
    const { port, deployed } = api()
    renderShell('/artifacts/browse/generic-local', developer, { artifactsApi: port }, effects)
    await user.click(await screen.findByRole('button', { name: 'Deploy' }, { timeout: 15_000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Deploy a file' })
    const deploy = within(dialog).getByRole('button', { name: 'Deploy' })
    const target = within(dialog).getByRole('textbox', { name: /Target path/ })
    await user.type(target, 'e2e/../x')
    await user.click(deploy)
    expect(within(dialog).getByText('Choose a file to deploy.')).toBeInTheDocument()
    expect(target).toHaveAccessibleDescription(
      expect.stringContaining('The path has an empty, . or .. segment'),
    )
    expect(target).toHaveValue('e2e/../x')
    // A typed path stays when a file is chosen.
    await user.upload(within(dialog).getByLabelText(/File to deploy/), new File(['hi'], 'hello.txt'))
    expect(target).toHaveValue('e2e/../x')
    expect(within(dialog).queryByText('Choose a file to deploy.')).toBeNull()
    await user.click(deploy)
    expect(deployed).toEqual([])
    await user.clear(target)
    await user.type(target, 'e2e/hello.txt')
    await user.click(deploy)
    expect(await within(dialog).findByText(/^Deployed to generic-local\/e2e\/hello.txt/)).toBeInTheDocument()
    expect(deployed).toEqual(['generic-local/e2e/hello.txt'])
  })

  it('deploys to the default repository when the dialog opened before the repositories were in', async () => {
    const user = userEvent.setup()
    const { port, deployed } = api()
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const slow: ArtifactsApi = {
      ...port,
      repositories: async () => {
        await held
        return port.repositories()
      },
    }
    renderShell('/artifacts/browse/generic-local', developer, { artifactsApi: slow }, effects)
    await user.click(await screen.findByRole('button', { name: 'Deploy' }, { timeout: 15_000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Deploy a file' })
    release()
    const deploy = within(dialog).getByRole('button', { name: 'Deploy' })
    await waitFor(() => expect(deploy).toBeEnabled())
    await user.upload(within(dialog).getByLabelText(/File to deploy/), new File(['hi'], 'hello.txt'))
    await user.clear(within(dialog).getByRole('textbox', { name: /Target path/ }))
    await user.type(within(dialog).getByRole('textbox', { name: /Target path/ }), 'early/hello.txt')
    await user.click(deploy)
    expect(
      await within(dialog).findByText(/^Deployed to generic-local\/early\/hello.txt/),
    ).toBeInTheDocument()
    expect(deployed).toEqual(['generic-local/early/hello.txt'])
  })
})
