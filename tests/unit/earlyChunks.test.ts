// @vitest-environment jsdom
// A signed-in user's page runs its entry as soon as it has loaded (server/ui/indexPage.ts
// withAsyncEntry), which may be before the parser has reached the skeleton the server marked:
// the chrome's and the area's chunks are imported once the mark is parsed, not missed.
import { describe, expect, it } from 'vitest'
import { areaOfPath, importEarly, type EarlyImports } from '../../ui/earlyChunks'

const HEAD = '<!doctype html><html lang="en"><head><title>t</title></head>'

/** Loaders that note what was asked for. */
function noting(): { asked: string[]; imports: EarlyImports } {
  const asked: string[] = []
  return {
    asked,
    imports: {
      chrome: () => {
        asked.push('chrome')
        return Promise.resolve()
      },
      area: (area) => {
        asked.push(area)
        return [Promise.resolve(), Promise.reject(new Error('a failed chunk is the router’s to report'))]
      },
    },
  }
}

/** A page whose parser has written `html` so far. */
function pageSoFar(html: string): Document {
  const doc = document.implementation.createHTMLDocument('')
  doc.open()
  doc.write(html)
  return doc
}

describe('the chunks a signed-in first page imports at once', () => {
  it('an entry run before the parser reached the marked skeleton imports them once it has', async () => {
    const doc = pageSoFar(HEAD)
    expect(doc.readyState).toBe('loading')
    expect(doc.getElementById('boot')).toBeNull()
    const { asked, imports } = noting()
    const done = importEarly(doc, '/ui/packages', imports)
    await Promise.resolve()
    expect(asked).toEqual([])
    doc.write('<body><div id="boot" data-chrome></div><div id="root"></div>')
    await done
    expect(asked).toEqual(['chrome', 'packages'])
    doc.close()
  })

  it('a page parsed with the mark imports them at once; without it, none', async () => {
    const marked = pageSoFar(`${HEAD}<body><div id="boot" data-chrome="classic"></div>`)
    const withMark = noting()
    await importEarly(marked, '/ui/packages/left-pad', withMark.imports)
    expect(withMark.asked).toEqual(['chrome', 'packages'])

    const visitor = pageSoFar(`${HEAD}<body><div id="boot" data-login></div>`)
    const without = noting()
    await importEarly(visitor, '/ui/login', without.imports)
    visitor.close()
    expect(without.asked).toEqual([])
  })

  it('a page that ends without a skeleton imports nothing', async () => {
    const doc = pageSoFar(HEAD)
    const { asked, imports } = noting()
    const done = importEarly(doc, '/ui/packages', imports)
    doc.write('<body><div id="root"></div></body></html>')
    doc.close()
    await done
    expect(asked).toEqual([])
  })

  it("a path's area is the route table's, under the console's base; the login family has none", () => {
    expect(areaOfPath('/ui/packages')).toBe('packages')
    expect(areaOfPath('/ui/packages/left-pad/1.0.0')).toBe('packages')
    expect(areaOfPath('/ui/login')).toBeUndefined()
    expect(areaOfPath('/ui/no-such-page/at-all')).toBeUndefined()
  })
})
