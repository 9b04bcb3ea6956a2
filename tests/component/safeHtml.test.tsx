import { describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import { corpusFile, corpusLines, corporaDir } from '../support/corpora'
import {
  Markdown,
  SafeHtml,
  demoteHeadings,
  renderMarkdown,
  sanitizeHtml,
  splitMarkdown,
} from '../../ui/shared/SafeHtml'

const FORBIDDEN =
  'script, iframe, frame, frameset, object, embed, applet, base, form, meta, link, style, svg, math, template'
const URL_ATTRS = [
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'data',
  'poster',
  'background',
  'cite',
  'srcset',
  'lowsrc',
  'dynsrc',
]

/** Every reason the given sanitised HTML would still be dangerous, as text (empty = safe). */
function dangers(html: string): string[] {
  const host = document.createElement('div')
  // The test inspects the sanitiser's output in a detached node; nothing runs here.
  host.innerHTML = html
  const found: string[] = []
  for (const el of host.querySelectorAll(FORBIDDEN)) found.push(`element <${el.nodeName.toLowerCase()}>`)
  for (const el of host.querySelectorAll('*')) {
    for (const attr of Array.from(el.attributes)) {
      if (attr.name.toLowerCase().startsWith('on')) found.push(`handler ${attr.name}`)
      if (URL_ATTRS.includes(attr.name.toLowerCase())) {
        // Browsers ignore whitespace and control characters inside a scheme.
        // eslint-disable-next-line no-control-regex
        const value = attr.value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase()
        if (/^(javascript|vbscript|data|file):/.test(value))
          found.push(`${attr.name}=${attr.value.slice(0, 40)}`)
      }
    }
    if (el.nodeName === 'A' && /^(https?:)?\/\//i.test(el.getAttribute('href') ?? '')) {
      if (el.getAttribute('rel') !== 'noopener noreferrer' || el.getAttribute('target') !== '_blank')
        found.push(`external link without noopener: ${el.outerHTML.slice(0, 60)}`)
    }
  }
  return found
}

describe('SafeHtml against the XSS corpora', () => {
  const lines = corpusLines('xss')

  it('reads the corpora', () => {
    expect(corporaDir()).toBeTruthy()
    expect(lines.length).toBeGreaterThan(500)
  })

  it('leaves no script, handler, dangerous element or URL from any payload line, as HTML or as markdown', () => {
    const failures: string[] = []
    for (const [i, line] of lines.entries()) {
      for (const out of [
        sanitizeHtml(line),
        renderMarkdown(line),
        renderMarkdown(`# Title\n\n${line}\n\n[x](${line})`),
        // With headings moved down a level (as under a page's h1): the sanitiser still runs last.
        renderMarkdown(`# Title\n\n<h1>${line}</h1>\n\n${line}`, 2),
      ]) {
        const d = dangers(out)
        if (d.length > 0) failures.push(`line ${i}: ${d.join(', ')} ← ${line.slice(0, 80)}`)
      }
    }
    expect(failures).toEqual([])
  }, 60_000)

  it('leaves nothing dangerous from the DOMPurify expectation fixtures', async () => {
    // Imported as a module from its text, so the fixture file is used exactly as upstream wrote it.
    const source = corpusFile('xss/dompurify-expect.mjs')
    const url = `data:text/javascript;base64,${Buffer.from(source).toString('base64')}`
    const fixtures = (
      (await import(/* @vite-ignore */ url)) as { default: { title: string; payload: string }[] }
    ).default
    expect(fixtures.length).toBeGreaterThan(100)
    const failures: string[] = []
    for (const f of fixtures) {
      const d = [...dangers(sanitizeHtml(f.payload)), ...dangers(renderMarkdown(f.payload))]
      if (d.length > 0) failures.push(`${f.title}: ${d.join(', ')}`)
    }
    expect(failures).toEqual([])
  })

  it('renders the payloads through the component without running anything', () => {
    const w = window as unknown as { __xss?: number }
    w.__xss = 0
    const payload = lines
      .filter((l) => /alert|prompt|confirm/.test(l))
      .map((l) => l.replace(/alert\(1\)|alert\(document\.domain\)/g, 'window.__xss++'))
      .join('\n\n')
    const { container } = render(<Markdown source={payload} />)
    expect(dangers(container.innerHTML)).toEqual([])
    expect(w.__xss).toBe(0)
  })
})

describe('heading levels', () => {
  it('moves every heading down so the highest is h{base}, capped at h6, keeping content and ids', () => {
    const out = demoteHeadings('<h1 id="a">One <em>x</em></h1><h2>Two</h2><h5>Five</h5><h6>Six</h6>', 2)
    expect(out).toBe('<h2 id="a">One <em>x</em></h2><h3>Two</h3><h6>Five</h6><h6>Six</h6>')
    expect(demoteHeadings('<h1>One</h1>', 1)).toBe('<h1>One</h1>')
  })

  it('a README rendered under a page heading has no h1, raw HTML headings included', () => {
    render(<Markdown source={'# Title\n\n<h1 onclick="x()">Raw</h1>\n\n### Deep'} headingBase={2} />)
    expect(screen.queryAllByRole('heading', { level: 1 })).toEqual([])
    expect(screen.getByRole('heading', { level: 2, name: 'Title' })).toBeInTheDocument()
    const raw = screen.getByRole('heading', { level: 2, name: 'Raw' })
    expect(raw).not.toHaveAttribute('onclick')
    expect(screen.getByRole('heading', { level: 4, name: 'Deep' })).toBeInTheDocument()
  })
})

describe('links and markdown', () => {
  it('opens external links in a new tab without opener and keeps internal ones as they are', () => {
    render(
      <Markdown source={'[docs](https://example.com/docs) and [home](/ui/packages) and [top](#install)'} />,
    )
    const docs = screen.getByRole('link', { name: 'docs' })
    expect(docs).toHaveAttribute('target', '_blank')
    expect(docs).toHaveAttribute('rel', 'noopener noreferrer')
    const home = screen.getByRole('link', { name: 'home' })
    expect(home).not.toHaveAttribute('target')
    expect(screen.getByRole('link', { name: 'top' })).toHaveAttribute('href', '#install')
  })

  it('drops javascript: and data: links but keeps their text', () => {
    render(
      <Markdown
        source={
          '[click](javascript:alert(1)) [img](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'
        }
      />,
    )
    expect(screen.getByText('click')).not.toHaveAttribute('href')
    expect(screen.getByText('img')).not.toHaveAttribute('href')
  })

  it('keeps ordinary README content: headings, code, tables', () => {
    render(
      <Markdown source={'# React\n\n```js\nconst a = "<script>"\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |'} />,
    )
    expect(screen.getByRole('heading', { name: 'React' })).toBeInTheDocument()
    expect(screen.getByText('const a = "<script>"')).toBeInTheDocument()
    expect(screen.getByRole('table')).toBeInTheDocument()
  })

  it('SafeHtml cleans HTML given directly', () => {
    const { container } = render(
      <SafeHtml html={'<b>ok</b><img src=x onerror=alert(1)><script>alert(1)</script>'} />,
    )
    expect(screen.getByText('ok')).toBeInTheDocument()
    expect(dangers(container.innerHTML)).toEqual([])
  })
})

describe('huge READMEs', () => {
  it('splits only at blank lines outside code fences', () => {
    const fence = '```\n' + 'line\n\n'.repeat(50) + '```'
    const source = ['intro', fence, 'para\n'.repeat(10)].join('\n\n')
    const chunks = splitMarkdown(source, 50)
    expect(chunks.join('\n')).toBe(source)
    expect(chunks.some((c) => c.includes('```\nline') && c.trimEnd().endsWith('```'))).toBe(true)
    for (const c of chunks) expect((c.match(/```/g) ?? []).length % 2).toBe(0)
  })

  it('renders a large README progressively and completely', async () => {
    const source = Array.from(
      { length: 1200 },
      (_, i) => `## Section ${i}\n\nText of section ${i} with [a link](https://example.com/${i}).\n`,
    ).join('\n')
    render(<Markdown source={source} />)
    const article = screen.getByRole('article', { name: 'README' })
    expect(article).toHaveAttribute('aria-busy', 'true')
    await waitFor(() => expect(article).toHaveAttribute('aria-busy', 'false'), { timeout: 25_000 })
    expect(screen.getByRole('heading', { name: 'Section 1199' })).toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(1200)
  }, 30_000)
})
