/**
 * Brand marks: the generated modules are what simple-icons gives, every entry of the seeded
 * integrations catalogue gets a mark of its own, and package types get their tools' marks.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { render, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db'
import { sqliteSql } from '../../server/db/sqliteSql'
import { readCatalog } from '../../server/integrations/catalogStore'
import { IntegrationIcon, integrationMark } from '../../ui/integrations/icons'
import { TypeIcon } from '../../ui/shared/typeMarks/TypeIcon'
import { loadTypeMarks, typeMark, typeMarkStore } from '../../ui/shared/typeMarks/typeMark'
import { BrandMark, markColour } from '../../ui/shared/kit/BrandMark'
import { SEARCH_PACKAGE_TYPES } from '../../domain/packageTypes/rules'
// @ts-expect-error: a plain ES module script without types
import { TARGETS, render as renderMarks } from '../../scripts/brandMarks.mjs'
import { readFileSync } from 'node:fs'

describe('brand marks', () => {
  it('the checked-in mark modules are what the installed simple-icons gives', () => {
    for (const target of TARGETS as Array<{ file: string }>)
      expect(readFileSync(target.file, 'utf8'), target.file).toBe(renderMarks(target))
  })

  it("every entry of the seeded catalogue has a mark of its own (none shares another's)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'marks-'))
    try {
      const db = openDatabase(dir)
      const entries = await readCatalog(sqliteSql(db))
      db.close()
      expect(entries.length).toBeGreaterThan(20)
      const ids = entries.map((e) => integrationMark(e.icon).id)
      expect(ids).not.toContain('unknown')
      const shared = ids.filter((id, i) => ids.indexOf(id) !== i)
      expect(shared).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('draws a vendor mark as an SVG path, hidden from assistive technology', () => {
    const { container } = render(<IntegrationIcon name="github" />)
    const mark = container.querySelector('[data-mark="github"]')
    expect(mark).toHaveAttribute('aria-hidden', 'true')
    expect(mark?.querySelector('path')?.getAttribute('d')).toMatch(/^M/)
  })

  it("the types search offers first each show their tool's brand, not a generic shape", () => {
    const types = SEARCH_PACKAGE_TYPES.filter((t) => t !== 'all')
    for (const type of types) expect(typeMark(type).kind, type).toBe('mark')
    expect(new Set(types.map((t) => typeMark(t).id)).size).toBe(types.length)
    // Aliases reach the same mark: golang is go, deb is debian.
    expect(typeMark('golang').id).toBe(typeMark('go').id)
    expect(typeMark('DEB').id).toBe('debian')
    const { container } = render(<TypeIcon type="npm" />)
    expect(container.querySelector('[data-mark="npm"] path')).not.toBeNull()
  })

  it("Debian's mark is drawn at once: the catalogue's Debian packages are on the developer's landing", () => {
    // It was among the marks loaded later: the landing's Debian rows showed a blank square first.
    expect(typeMark('debian').kind).toBe('mark')
    const { container } = render(<TypeIcon type="debian" />)
    expect(container.querySelector('[data-mark="debian"] path')).not.toBeNull()
  })

  // The other types' marks load the first time one is drawn: a blank of the mark's size (nothing
  // moves), then the mark. The eager set above is drawn at once.
  it("draws another type's mark once the other marks are in, a blank of its size before", async () => {
    const { container } = render(<TypeIcon type="pypi" size={18} />)
    const blank = container.querySelector('[data-mark="pypi"]')
    expect(blank).toHaveStyle({ width: '18px', height: '18px' })
    expect(blank?.querySelector('path')).toBeNull()
    await waitFor(() => expect(container.querySelector('[data-mark="pypi"] path')).not.toBeNull())
    await loadTypeMarks()
    expect(typeMark('conda').kind).toBe('mark')
  })

  it('a mark whose load failed shows the package mark, and its own once a later view loads it', async () => {
    let attempts = 0
    // The chunk of the other marks refused once (offline, a new build deployed), then served.
    const marks = typeMarkStore(() =>
      attempts++ === 0
        ? Promise.reject(new Error('chunk refused'))
        : import('../../ui/shared/typeMarks/moreTypeMarks.gen').then((m) => m.MARKS),
    )
    const Mark = ({ type }: { type: string }) => <BrandMark spec={marks.useMark(type)} size={18} />
    const first = render(<Mark type="pypi" />)
    // It stayed a blank square until the page was opened again.
    await waitFor(() => expect(first.container.querySelector('[data-mark="package"] svg')).not.toBeNull())
    expect(first.container.querySelector('[data-mark="pypi"]')).toBeNull()
    const second = render(<Mark type="conda" />)
    await waitFor(() => expect(second.container.querySelector('[data-mark="anaconda"] path')).not.toBeNull())
    expect(first.container.querySelector('[data-mark="pypi"] path')).not.toBeNull()
    expect(attempts).toBe(2)
  })

  it('near-black and near-white marks take the text colour so they show in both themes', () => {
    expect(markColour('000000')).toBe('currentColor')
    expect(markColour('181717')).toBe('currentColor')
    expect(markColour('FFFFFF')).toBe('currentColor')
    expect(markColour('CB3837')).toBe('#CB3837')
  })

  it("lightens a dark brand colour in the dark theme only, where it fell under 3:1 (Debian's red)", () => {
    expect(markColour('A81D33')).toBe('light-dark(#A81D33, color-mix(in srgb, #A81D33 60%, white))')
    expect(markColour('004880')).toMatch(/^light-dark\(#004880, /)
    // Light enough already: the brand's own colour in both themes.
    expect(markColour('2496ED')).toBe('#2496ED')
  })
})
