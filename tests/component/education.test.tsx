// The education center: opened from Help and from the getting-started page, its modules, a
// video played to its end remembered (and sent to the platform once), and the feedback control.
import { describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { left, right } from 'fp-ts/Either'
import type { EducationApi, EducationProgress, PersonalizationApi } from '../../adapters/ports'
import { educationEffects } from '../../commands/effects/education'
import { personalizationEffects } from '../../commands/effects/personalization'
import { navigationEffects } from '../../commands/effects/navigation'
import { notFaked } from '../support/fakePorts'
import { renderShell } from './shellFixtures'
import kit from '../../ui/shared/kit/page.module.css'
import { openTopMenu } from '../support/topMenu'
import { buttonClass } from '../../ui/shared/kit/Button'

function platform(progress: EducationProgress, feedbackFails = false) {
  const played: string[] = []
  const feedback: unknown[] = []
  const personalizationApi: PersonalizationApi = {
    ...notFaked<PersonalizationApi>(),
    personalizationStatus: async () => right({ sent: true }),
  }
  const educationApi: EducationApi = {
    educationProgress: async () => right(progress),
    markVideoPlayed: async (video) => {
      played.push(video)
      return right(undefined)
    },
    sendEducationFeedback: async (f) => {
      feedback.push(f)
      return feedbackFails && feedback.length === 1
        ? left({ kind: 'status', status: 503, message: 'busy' })
        : right(undefined)
    },
  }
  return { ports: { personalizationApi, educationApi }, played, feedback }
}

const effects = { ...navigationEffects, ...personalizationEffects, ...educationEffects }

describe('the education center', { timeout: 30_000 }, () => {
  it('opens from Help with the getting-started videos; one played to its end is remembered once', async () => {
    const api = platform({ played: ['welcome'], feedbackGiven: false })
    const user = userEvent.setup()
    renderShell('/packages', {}, api.ports, effects)
    await openTopMenu(user, 'Help')
    await user.click(await screen.findByRole('menuitem', { name: 'Education Center' }))
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Education Center' }, { timeout: 15_000 }),
    )
    expect(await dialog.findByText('1 of 3 videos played')).toBeInTheDocument()
    const videos = dialog.getByRole('list', { name: 'Getting-started videos' })
    const items = within(videos).getAllByRole('listitem')
    expect(items).toHaveLength(3)
    expect(within(items[0]!).getByText('Played')).toBeInTheDocument()
    const second = dialog.getByLabelText('Create your first repository')
    expect(second.tagName).toBe('VIDEO')
    expect(second).toHaveAttribute('src', '/ui/api/v1/ui/education/videos/first-repository.webm')
    expect(dialog.getByRole('button', { name: 'Play Create your first repository' })).toBeInTheDocument()
    fireEvent.ended(second)
    expect(await dialog.findByText('2 of 3 videos played')).toBeInTheDocument()
    expect(within(items[1]!).getByText('Played')).toBeInTheDocument()
    fireEvent.ended(second)
    await expect.poll(() => api.played).toEqual(['first-repository'])

    await user.click(dialog.getByRole('tab', { name: 'Security' }))
    expect(dialog.getByRole('list', { name: 'Security guides' })).toHaveTextContent('Policies and watches')
  })

  it("lays the getting-started page's cards out as the kit's cards (no hole beside a third at 1024 px)", async () => {
    const api = platform({ played: [], feedbackGiven: false })
    renderShell('/get_started', {}, api.ports, effects)
    const education = await screen.findByRole('heading', { name: 'Education Center' }, { timeout: 15_000 })
    expect(education.closest('section')!.parentElement).toHaveClass(String(kit.cards))
    expect(education.querySelector('svg')).not.toBeNull()
  })

  it('says what to do next: the first steps, each with the link or button that takes it', async () => {
    const api = platform({ played: [], feedbackGiven: false })
    renderShell('/get_started', {}, api.ports, effects)
    // A card of one link ('Browse packages') under two cards was most of the page's content.
    const steps = within(await screen.findByRole('region', { name: 'First steps' }, { timeout: 15_000 }))
    const items = steps.getAllByRole('listitem')
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual([
      'Pick a repository',
      'Connect your client',
      'Find your packages',
    ])
    for (const item of items)
      expect(within(item).queryAllByRole('link').length + within(item).queryAllByRole('button').length).toBe(
        1,
      )
    expect(steps.getByRole('link', { name: 'Repositories' })).toHaveAttribute('href', '/ui/repos')
    expect(steps.getByRole('button', { name: 'Set Me Up' })).toBeInTheDocument()
  })

  it("every first step's action looks alike, the kit's small button, link or not", async () => {
    const api = platform({ played: [], feedbackGiven: false })
    renderShell('/get_started', {}, api.ports, effects)
    // Three underlined links beside two buttons read as two kinds of step.
    const steps = within(await screen.findByRole('region', { name: 'First steps' }, { timeout: 15_000 }))
    for (const item of steps.getAllByRole('listitem')) {
      const [action] = [...within(item).queryAllByRole('link'), ...within(item).queryAllByRole('button')]
      expect(action).toHaveClass(...buttonClass('secondary', 'sm').split(' '))
    }
  })

  it('links to quick setup only where the platform offers it (elsewhere it led to a refusal)', async () => {
    const api = platform({ played: [], feedbackGiven: false })
    const without = renderShell('/get_started', {}, api.ports, effects)
    await screen.findByRole('heading', { name: 'First steps' }, { timeout: 15_000 })
    expect(screen.getByRole('link', { name: 'Browse packages' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Quick setup' })).toBeNull()
    without.view.unmount()
    renderShell(
      '/get_started',
      { features: { newOnboardingQuickAction: true, quickDeployLanding: true } },
      api.ports,
      effects,
    )
    await screen.findByRole('heading', { name: 'First steps' }, { timeout: 15_000 })
    expect(screen.getByRole('link', { name: 'Quick setup' })).toHaveAttribute('href', '/ui/quick-setup')
  })

  it('opens from the getting-started page, and takes feedback once', async () => {
    const api = platform({ played: [], feedbackGiven: false }, true)
    const user = userEvent.setup()
    renderShell('/get_started', {}, api.ports, effects)
    await user.click(
      await screen.findByRole('button', { name: 'Watch the getting-started videos' }, { timeout: 15_000 }),
    )
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Education Center' }, { timeout: 15_000 }),
    )
    const form = within(dialog.getByRole('form', { name: 'Feedback' }))
    await user.click(form.getByRole('button', { name: 'Send feedback' }))
    expect(form.getByRole('alert')).toHaveTextContent('This field is mandatory')
    await user.click(form.getByRole('radio', { name: 'Yes' }))
    const comment = form.getByRole('textbox', { name: 'Comment (optional)' })
    // A comment too long is refused beside the field and stays as typed.
    const long = 'x'.repeat(501)
    await user.click(comment)
    await user.paste(long)
    await user.click(form.getByRole('button', { name: 'Send feedback' }))
    expect(comment).toHaveAccessibleDescription('At most 500 characters')
    expect(comment).toBeInvalid()
    expect(comment).toHaveValue(long)
    expect(api.feedback).toEqual([])
    await user.clear(comment)
    await user.type(comment, 'Short and clear')
    await user.click(form.getByRole('button', { name: 'Send feedback' }))
    expect(
      await form.findByText(
        'Your feedback could not be sent: the platform refused it with status 503: busy. Try again.',
      ),
    ).toBeInTheDocument()
    await user.click(form.getByRole('button', { name: 'Send feedback' }))
    expect(await dialog.findByText('Thank you for your feedback.')).toBeInTheDocument()
    expect(api.feedback).toEqual([
      { module: 'gettingStarted', helpful: true, comment: 'Short and clear' },
      { module: 'gettingStarted', helpful: true, comment: 'Short and clear' },
    ])
  })

  it('says so when the feedback was given before', async () => {
    const api = platform({ played: [], feedbackGiven: true })
    const user = userEvent.setup()
    renderShell('/get_started', {}, api.ports, effects)
    await user.click(
      await screen.findByRole('button', { name: 'Watch the getting-started videos' }, { timeout: 15_000 }),
    )
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Education Center' }, { timeout: 15_000 }),
    )
    expect(await dialog.findByText('Thank you for your feedback.')).toBeInTheDocument()
    expect(dialog.queryByRole('form', { name: 'Feedback' })).toBeNull()
  })
})
