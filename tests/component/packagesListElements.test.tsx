/**
 * The packages list's rows keep their elements as it scrolls: a row coming into view takes the
 * element of one that left (its text, attributes and place updated), so a fast scroll mounts no
 * new rows, and their style and layout with them (issue 35's long scrolling frames). Counted
 * with a MutationObserver (nodes added per scroll step), never timed; what the rows say to
 * assistive technology and where focus is are checked with them.
 */
import { describe, expect, it } from 'vitest'
import { act, fireEvent, screen, within } from '@testing-library/react'
import { ROW_HEIGHT } from '../../ui/packages/PackagesList'
import { makePackage } from '../support/fakePackagesApi'
import { showPackagesList } from './packagesListHarness'
import { giveElementsASize } from '../support/jsdomLayout'

giveElementsASize()

const nameOf = (index: number) => `react-${String(index).padStart(3, '0')}`

/** A hundred packages of two types (a row's type mark changes with its package), the list shown. */
async function hundredRows() {
  const packages = Array.from({ length: 100 }, (_, i) =>
    makePackage(nameOf(i), { packageType: i % 2 === 0 ? 'npm' : 'pypi' }),
  )
  return (await showPackagesList(packages)).list
}

/** The list's rows in document order. */
const rowsOf = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list)

/** Scrolls the list to put `row` at its top, as a scroll event after the browser moved it. */
function scrollTo(row: number) {
  const scroller = screen.getByTestId('packages-scroller')
  Object.defineProperty(scroller, 'scrollTop', { configurable: true, value: row * ROW_HEIGHT })
  act(() => {
    fireEvent.scroll(scroller)
  })
}

/** Every node in `root`'s subtree, itself included. */
function nodesIn(root: Node) {
  const nodes = new Set<Node>([root])
  const walker = document.createTreeWalker(root)
  while (walker.nextNode()) nodes.add(walker.currentNode)
  return nodes
}

/**
 * The nodes put into the list while `step` runs (each subtree once, by its root): `created`
 * those that were not in it before, `moved` those that were (taken out and put back elsewhere).
 */
function nodesAdded(list: HTMLElement, step: () => void) {
  const before = nodesIn(list)
  const observer = new MutationObserver(() => undefined)
  observer.observe(list, { childList: true, subtree: true })
  step()
  const records = observer.takeRecords()
  observer.disconnect()
  const added = records.flatMap((record) => [...record.addedNodes])
  return {
    created: added.filter((node) => !before.has(node)),
    moved: added.filter((node) => before.has(node)),
  }
}

const placesOf = (nodes: ReadonlyArray<Node>) =>
  nodes.map((node) => (node as HTMLElement).getAttribute('aria-posinset')).sort()

/** Each row says its place and names its package: consecutive, in order, of the 100. */
function expectRowsInOrder(list: HTMLElement) {
  const rows = rowsOf(list)
  const first = Number(rows[0]!.getAttribute('aria-posinset')) - 1
  rows.forEach((row, i) => {
    expect(row).toHaveAttribute('aria-posinset', String(first + i + 1))
    expect(row).toHaveAttribute('aria-setsize', '100')
    expect(row.style.transform).toBe(`translateY(${(first + i) * ROW_HEIGHT}px)`)
    expect(within(row).getByRole('link', { name: nameOf(first + i) })).toBeInTheDocument()
  })
  return first
}

describe("the packages list's rows keep their elements as it scrolls", () => {
  it('a scroll down by a few rows adds no node: the rows that left show the rows that came', async () => {
    const list = await hundredRows()
    scrollTo(20)
    const before = new Map(rowsOf(list).map((row) => [row.getAttribute('aria-posinset'), row]))
    const { created, moved } = nodesAdded(list, () => scrollTo(23))
    expect(created).toEqual([])
    // The rows that left the top, now the three at the bottom: moved there, nothing mounted.
    expect(placesOf(moved)).toEqual(['31', '32', '33'])
    const first = expectRowsInOrder(list)
    expect(first).toBe(21)
    // The rows still in the window are the very elements they were.
    for (const row of rowsOf(list)) {
      const kept = before.get(row.getAttribute('aria-posinset'))
      if (kept) expect(row).toBe(kept)
    }
    expect(rowsOf(list)).toHaveLength(before.size)
  })

  it('a jump past the whole window adds no node either, and shows the rows jumped to', async () => {
    const list = await hundredRows()
    scrollTo(20)
    const elements = new Set(rowsOf(list))
    // An odd number of rows: every row's package changes type, so its mark changes too.
    expect(nodesAdded(list, () => scrollTo(61))).toEqual({ created: [], moved: [] })
    expect(expectRowsInOrder(list)).toBe(59)
    expect(rowsOf(list).every((row) => elements.has(row))).toBe(true)
  })

  it('a scroll up mounts only the rows that come into view, and moves none of those kept', async () => {
    const list = await hundredRows()
    scrollTo(30)
    const kept = new Set(rowsOf(list))
    const { created, moved } = nodesAdded(list, () => scrollTo(27))
    // Three rows came in above, mounted; no row already drawn was taken out and put back.
    expect(placesOf(created)).toEqual(['26', '27', '28'])
    expect(moved).toEqual([])
    expect(
      rowsOf(list)
        .slice(3)
        .every((row) => kept.has(row)),
    ).toBe(true)
    expect(expectRowsInOrder(list)).toBe(25)
  })

  it('a focused row that scrolls out keeps its focus and its package, and goes with the focus', async () => {
    const list = await hundredRows()
    scrollTo(20)
    const link = within(list).getByRole('link', { name: nameOf(24) })
    act(() => link.focus())
    scrollTo(61)
    // Still drawn (out of view, in its place), still focused, still naming its package; the
    // window's rows follow it, the list's order kept.
    expect(link).toHaveFocus()
    expect(link).toHaveAccessibleName(nameOf(24))
    expect(link.closest('[role="listitem"]')).toHaveAttribute('aria-posinset', '25')
    const rows = rowsOf(list)
    expect(rows[0]).toBe(link.closest('[role="listitem"]'))
    expect(rows.slice(1).map((row) => row.getAttribute('aria-posinset'))).toEqual(
      rows.slice(1).map((_, i) => String(60 + i)),
    )
    // Back in the window, the same element.
    scrollTo(22)
    expect(within(list).getByRole('link', { name: nameOf(24) })).toBe(link)
    expect(link).toHaveFocus()
    expectRowsInOrder(list)
    // Focus elsewhere lets the row go once it is out of the window.
    act(() => link.blur())
    scrollTo(61)
    expect(within(list).queryByRole('link', { name: nameOf(24) })).toBeNull()
    expect(expectRowsInOrder(list)).toBe(59)
  })
})
