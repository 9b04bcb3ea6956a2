/**
 * How much the packages list draws, counted: the work of its first paint is per row (issue 35's
 * profile of a cold list: React's render and commit most of the busy time), so each row is drawn
 * once, a scroll draws only the rows that come into view, and a row's exact date (its time's
 * hint) is formatted only when the hint shows. Counts, never timings.
 */
import { describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ROW_HEIGHT } from '../../ui/packages/PackagesList'
import * as dates from '../../ui/shared/dates'
import { makePackage } from '../support/fakePackagesApi'
import { showPackagesList } from './packagesListHarness'
import { giveElementsASize } from '../support/jsdomLayout'

// The date module as it is, its two formatters counted (each row's time calls the relative one
// once per render of the time).
const calls = { relative: 0, exact: 0 }
vi.mock('../../ui/shared/dates', async (importOriginal) => {
  const real = await importOriginal<typeof dates>()
  return {
    ...real,
    formatRelative: (iso: string, now: number) => (calls.relative++, real.formatRelative(iso, now)),
    formatDateTime: (iso: string) => (calls.exact++, real.formatDateTime(iso)),
  }
})

giveElementsASize()

/** A hundred packages found, the list shown with its count. */
async function hundredRows() {
  const packages = Array.from({ length: 100 }, (_, i) => makePackage(`react-${String(i).padStart(3, '0')}`))
  calls.relative = 0
  calls.exact = 0
  const { list } = await showPackagesList(packages)
  const rows = () =>
    within(list)
      .getAllByRole('listitem')
      .filter((item) => item.hasAttribute('aria-posinset'))
  return { list, rows }
}

describe('the packages list draws each row once', () => {
  it("formats each shown row's time once, and its exact date only when the hint shows", async () => {
    const { rows } = await hundredRows()
    const shown = rows()
    expect(shown.length).toBeGreaterThan(3)
    expect(shown.length).toBeLessThan(20)
    // One relative time per row shown: no row's time drawn twice (an idle clock's tick on
    // subscribing drew every one again), and no exact date formatted for a hint nobody asked for.
    expect(calls.relative).toBe(shown.length)
    expect(calls.exact).toBe(0)
    const time = shown[2]!.querySelector('time')!
    await userEvent.hover(time)
    const hint = await screen.findByRole('tooltip')
    expect(hint).toHaveTextContent(dates.formatDateTime(time.getAttribute('datetime')!))
    expect(time).toHaveAccessibleDescription(hint.textContent!)
    expect(calls.exact).toBeGreaterThan(0)
  })

  it('a scroll by one row draws only the row that comes into view', async () => {
    const { rows } = await hundredRows()
    const before = rows().length
    const drawn = calls.relative
    const scroller = screen.getByTestId('packages-scroller')
    Object.defineProperty(scroller, 'scrollTop', { configurable: true, value: ROW_HEIGHT })
    act(() => {
      fireEvent.scroll(scroller)
    })
    // The window moved by one row: one more row at its end, none gone at its start (overscan).
    expect(rows()).toHaveLength(before + 1)
    expect(rows().at(-1)).toHaveAttribute('aria-posinset', String(before + 1))
    expect(calls.relative - drawn).toBe(1)
  })
})
