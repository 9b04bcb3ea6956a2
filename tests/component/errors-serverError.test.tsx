/** The /500 page shows the generic error page's texts (spec 000 section 8). */
import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { ServerErrorPage } from '../../ui/errors/StatusPages'

describe('the 500 page', () => {
  it('says what the generic error page says, with its details and the way home', async () => {
    const { hook } = memoryLocation({ path: '/500' })
    render(
      <Router hook={hook}>
        <ServerErrorPage />
      </Router>,
    )
    expect(screen.getByText('Oops!')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument()
    expect(
      screen.getByText('An unexpected error has occurred and your request could not be completed.'),
    ).toBeInTheDocument()
    expect(
      screen.getByText(
        'Please try again and in case this problem persists contact your system administrator.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByText('Refresh the page to try again.')).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('link', { name: 'See more details' }))
    expect(screen.getByText(/500 Internal Server Error/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/')
  })
})
