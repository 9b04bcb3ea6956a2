// A build run's status badge (ui/shared/kit/StatusBadge.tsx): the platform's lowercase word reads as a status.
import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { StatusBadge } from '../../ui/shared/kit/StatusBadge'

describe('build status badge', () => {
  it.each([
    ['failure', 'Failure', 'danger'],
    ['success', 'Success', 'success'],
    ['in progress', 'In progress', 'accent'],
    ['queued', 'Queued', 'neutral'],
  ])('shows %s as "%s" in the %s tone', (status, text, tone) => {
    render(<StatusBadge status={status} />)
    expect(screen.getByText(text)).toHaveAttribute('data-tone', tone)
  })
})
