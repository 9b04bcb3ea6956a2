// Personalization onboarding on the getting-started page: the card while it is to do, the
// step-based dialog with each step's message, storage resumed after a reload, the failure kept
// with the choices, and after sending the card hidden and the stored data removed.
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { left, right } from 'fp-ts/Either'
import type { PersonalizationApi, Result } from '../../adapters/ports'
import {
  completePersonalizationStep,
  encodePersonalization,
  INITIAL_PERSONALIZATION,
  PERSONALIZATION_STORAGE_KEY,
  type PersonalizationChoices,
} from '../../domain/personalization'
import { personalizationEffects } from '../../commands/effects/personalization'
import { navigationEffects } from '../../commands/effects/navigation'
import { notFaked } from '../support/fakePorts'
import { renderShell } from './shellFixtures'

function platform(
  sent: boolean,
  answers: ReadonlyArray<Result<{ sent: boolean }>> = [right({ sent: true })],
) {
  const received: PersonalizationChoices[] = []
  let call = 0
  const personalizationApi: PersonalizationApi = {
    ...notFaked<PersonalizationApi>(),
    personalizationStatus: async () => right({ sent }),
    sendPersonalization: async (choices) => {
      received.push(choices)
      const answer = answers[Math.min(call++, answers.length - 1)]!
      return answer._tag === 'Left' ? answer : right(undefined)
    },
  }
  return { personalizationApi, received }
}

const effects = { ...navigationEffects, ...personalizationEffects }

describe('personalization onboarding', { timeout: 30_000 }, () => {
  it('walks the steps with their messages, sends the choices, then hides', async () => {
    const api = platform(false)
    const user = userEvent.setup()
    const { ports } = renderShell('/get_started', {}, { personalizationApi: api.personalizationApi }, effects)
    await user.click(await screen.findByRole('button', { name: 'Personalize' }, { timeout: 15_000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Personalize your console' })
    const form = within(dialog)
    expect(form.getByRole('listitem', { current: 'step' })).toHaveTextContent('Technologies')

    await user.click(form.getByRole('button', { name: 'Next' }))
    expect(await form.findByRole('alert')).toHaveTextContent('Choose at least one technology')
    await user.click(form.getByRole('checkbox', { name: 'npm' }))
    await user.click(form.getByRole('checkbox', { name: 'Docker' }))
    await user.click(form.getByRole('button', { name: 'Next' }))

    expect(form.getByRole('listitem', { current: 'step' })).toHaveTextContent('First goal')
    expect(ports.localStore.get(PERSONALIZATION_STORAGE_KEY)).not.toBeNull()
    await user.click(form.getByRole('button', { name: 'Next' }))
    expect(await form.findByRole('alert')).toHaveTextContent('Choose what you want to do first')
    await user.click(form.getByRole('radio', { name: 'Proxy public registries' }))
    await user.click(form.getByRole('button', { name: 'Next' }))

    // Artifact-only mode starts on; turning it off is recorded as RTonlyRemoved.
    const only = form.getByRole('switch', { name: 'Show only the artifact pages' })
    expect(only).toBeChecked()
    await user.click(only)
    await user.click(form.getByRole('button', { name: 'Save my choices' }))

    await expect.poll(() => screen.queryByRole('button', { name: /Personaliz/ })).toBeNull()
    expect(screen.queryByRole('dialog', { name: 'Personalize your console' })).toBeNull()
    expect(api.received).toEqual([
      { technologies: ['npm', 'docker'], goal: 'proxy', artifactOnly: false, RTonlyRemoved: true },
    ])
    expect(ports.localStore.get(PERSONALIZATION_STORAGE_KEY)).toBeNull()
  })

  it('opens where storage left it, and ignores a bad stored value', async () => {
    const kept = completePersonalizationStep(INITIAL_PERSONALIZATION, {
      step: 'technologies',
      stepDataObject: { technologies: ['maven'] },
    })
    const user = userEvent.setup()
    const resumed = renderShell(
      '/get_started',
      {},
      { ...platform(false), localStore: storeWith(kept) },
      effects,
    )
    await user.click(
      await screen.findByRole('button', { name: 'Continue personalizing' }, { timeout: 15_000 }),
    )
    const form = within(await screen.findByRole('dialog', { name: 'Personalize your console' }))
    expect(form.getByRole('listitem', { current: 'step' })).toHaveTextContent('First goal')
    await user.click(form.getByRole('button', { name: 'Back' }))
    expect(form.getByRole('checkbox', { name: 'Maven' })).toBeChecked()
    resumed.view.unmount()

    const bad = `${encodePersonalization(kept)}!`
    renderShell('/get_started', {}, { ...platform(false), localStore: storeWith(kept, bad) }, effects)
    await user.click(await screen.findByRole('button', { name: 'Personalize' }, { timeout: 15_000 }))
    const fresh = within(await screen.findByRole('dialog', { name: 'Personalize your console' }))
    expect(fresh.getByRole('listitem', { current: 'step' })).toHaveTextContent('Technologies')
    expect(fresh.getByRole('checkbox', { name: 'Maven' })).not.toBeChecked()
  })

  it('keeps the choices when the platform refuses them, and says so', async () => {
    const api = platform(false, [
      left({ kind: 'status', status: 500, message: 'boom' }),
      right({ sent: true }),
    ])
    const kept = completePersonalizationStep(
      completePersonalizationStep(INITIAL_PERSONALIZATION, {
        step: 'technologies',
        stepDataObject: { technologies: ['go'] },
      }),
      { step: 'goal', stepDataObject: { goal: 'store' } },
    )
    const user = userEvent.setup()
    renderShell(
      '/get_started',
      {},
      { personalizationApi: api.personalizationApi, localStore: storeWith(kept) },
      effects,
    )
    await user.click(
      await screen.findByRole('button', { name: 'Continue personalizing' }, { timeout: 15_000 }),
    )
    const form = within(await screen.findByRole('dialog', { name: 'Personalize your console' }))
    expect(form.getByRole('listitem', { current: 'step' })).toHaveTextContent('Your console')
    await user.click(form.getByRole('button', { name: 'Save my choices' }))
    expect(await form.findByRole('alert')).toHaveTextContent(
      'Your choices could not be saved: the platform refused it with status 500: boom. Try again.',
    )
    await user.click(form.getByRole('button', { name: 'Save my choices' }))
    await expect.poll(() => screen.queryByRole('dialog', { name: 'Personalize your console' })).toBeNull()
    expect(api.received).toHaveLength(2)
    expect(api.received[1]).toEqual({
      technologies: ['go'],
      goal: 'store',
      artifactOnly: true,
      RTonlyRemoved: false,
    })
  })

  it('shows nothing once the platform has the choices', async () => {
    renderShell('/get_started', {}, platform(true), effects)
    expect(
      await screen.findByRole('heading', { name: 'Getting Started' }, { timeout: 15_000 }),
    ).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Browse packages' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Personaliz/ })).toBeNull()
  })
})

function storeWith(data: Parameters<typeof encodePersonalization>[0], raw?: string) {
  const values = new Map<string, string>([[PERSONALIZATION_STORAGE_KEY, raw ?? encodePersonalization(data)]])
  return {
    get: (k: string) => values.get(k) ?? null,
    set: (k: string, v: string) => void values.set(k, v),
    remove: (k: string) => void values.delete(k),
  }
}
