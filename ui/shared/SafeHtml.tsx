/**
 * THE one sanitising module of the console. Untrusted markup (package READMEs) is turned
 * into HTML by marked and then cleaned by DOMPurify with a strict allow-list before it is
 * ever put into the document. No other module may use `dangerouslySetInnerHTML` (lint rule).
 */
import { useEffect, useMemo, useState } from 'react'
import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify'
import { Marked } from 'marked'

// Only these schemes (or scheme-less relative URLs and fragments) survive in href/src.
// Everything else (javascript:, vbscript:, data:, file:, …) is removed by DOMPurify.
const SAFE_URI = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i

const FORBIDDEN_TAGS = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'base',
  'link',
  'meta',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'option',
  'svg',
  'math',
  'template',
  'noscript',
  'portal',
]

const FORBIDDEN_ATTRS = [
  'style',
  'action',
  'formaction',
  'srcset',
  'background',
  'ping',
  'xlink:href',
  'target',
]

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: FORBIDDEN_TAGS,
  FORBID_ATTR: FORBIDDEN_ATTRS,
  ALLOWED_URI_REGEXP: SAFE_URI,
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOW_ARIA_ATTR: true,
  // READMEs may not name ids/forms that shadow document properties.
  SANITIZE_DOM: true,
  SANITIZE_NAMED_PROPS: true,
  WHOLE_DOCUMENT: false,
  RETURN_TRUSTED_TYPE: false,
}

// Browsers ignore these inside a URL scheme ("java\tscript:"), so the check does too.
// eslint-disable-next-line no-control-regex
const CONTROL_OR_SPACE = /[\u0000-\u0020]/g

let purifier: Purifier | undefined

/** One DOMPurify instance of our own, so the link hook never touches another module's use. */
function getPurifier(): Purifier {
  if (purifier) return purifier
  const instance = DOMPurify(window)
  instance.addHook('afterSanitizeAttributes', (node) => {
    const element = node as Element
    // DOMPurify lets data: URIs through on media elements; a README has no need for them.
    for (const name of ['src', 'href', 'poster']) {
      const value = element.getAttribute?.(name)?.replace(CONTROL_OR_SPACE, '').toLowerCase()
      if (value?.startsWith('data:')) element.removeAttribute(name)
    }
    if (node.nodeName !== 'A') return
    const href = element.getAttribute('href')
    if (href === null) return
    if (isExternal(href)) {
      element.setAttribute('target', '_blank')
      element.setAttribute('rel', 'noopener noreferrer')
    }
  })
  purifier = instance
  return instance
}

/** A link that leaves the console: an absolute URL to another origin, or a protocol-relative one. */
export function isExternal(href: string): boolean {
  const trimmed = href.trim()
  if (trimmed.startsWith('#')) return false
  // Anything with a scheme or an authority counts as external, even if it does not parse.
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || /^[\\/]{2}/.test(trimmed)) return true
  try {
    return new URL(trimmed, window.location.href).origin !== window.location.origin
  } catch {
    return true
  }
}

/** Cleans untrusted HTML with the strict configuration; the result is safe to insert. */
export function sanitizeHtml(html: string): string {
  return getPurifier().sanitize(html, CONFIG) as unknown as string
}

const markdown = new Marked({ gfm: true, breaks: false, async: false })

/**
 * Moves every heading down so the highest is `h{base}`: a README's own `# Title` must not be
 * a second h1 on a page that has one. Works on an inert template (nothing loads or runs
 * there) and before sanitising, so the sanitiser still has the last word.
 */
export function demoteHeadings(html: string, base: number): string {
  if (base <= 1 || !/<h[1-6]/i.test(html)) return html
  const template = document.createElement('template')
  template.innerHTML = html
  for (const heading of Array.from(template.content.querySelectorAll('h1, h2, h3, h4, h5, h6'))) {
    const level = Math.min(6, Number(heading.tagName.slice(1)) + base - 1)
    const moved = document.createElement(`h${level}`)
    for (const attr of Array.from(heading.attributes)) {
      try {
        moved.setAttribute(attr.name, attr.value)
      } catch {
        // A name the DOM parser accepted but setAttribute refuses: drop it.
      }
    }
    moved.append(...Array.from(heading.childNodes))
    heading.replaceWith(moved)
  }
  return template.innerHTML
}

/** Markdown → HTML → (headings from `h{headingBase}`) → sanitised HTML. */
export function renderMarkdown(source: string, headingBase = 1): string {
  return sanitizeHtml(demoteHeadings(markdown.parse(source, { async: false }) as string, headingBase))
}

// Past this size a README is rendered in pieces, one per idle slot, so typing and clicking
// stay responsive while it appears.
export const CHUNK_CHARS = 20_000

/**
 * Splits markdown at blank lines outside fenced code blocks into pieces of about
 * `size` characters, so each piece still parses as complete markdown.
 */
export function splitMarkdown(source: string, size = CHUNK_CHARS): string[] {
  if (source.length <= size) return [source]
  const lines = source.split('\n')
  const chunks: string[] = []
  let current: string[] = []
  let length = 0
  let fence: string | null = null
  for (const line of lines) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)
    if (marker) {
      const token = marker[1] ?? ''
      if (fence === null) fence = token[0] ?? null
      else if (token[0] === fence) fence = null
    }
    current.push(line)
    length += line.length + 1
    if (fence === null && line.trim() === '' && length >= size) {
      chunks.push(current.join('\n'))
      current = []
      length = 0
    }
  }
  if (current.length > 0) chunks.push(current.join('\n'))
  return chunks
}

/** Sanitised HTML in a container; the only place markup from outside enters the DOM. */
export function SafeHtml({ html, className, label }: { html: string; className?: string; label?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html])
  return <div className={className} aria-label={label} dangerouslySetInnerHTML={{ __html: clean }} />
}

type IdleHandle = { cancel(): void }

function whenIdle(run: () => void): IdleHandle {
  const w = window as Window & {
    requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number
    cancelIdleCallback?: (id: number) => void
  }
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const id = w.requestIdleCallback(run, { timeout: 200 })
    return { cancel: () => w.cancelIdleCallback?.(id) }
  }
  const id = window.setTimeout(run, 0)
  return { cancel: () => window.clearTimeout(id) }
}

/**
 * A README: markdown rendered through the sanitiser. Small ones render at once; large ones
 * piece by piece in idle time (each piece is parsed and sanitised on its own), with a
 * progress note while the rest is coming.
 */
export function Markdown({
  source,
  label = 'README',
  headingBase = 1,
}: {
  source: string
  label?: string
  /** The level the README's top headings get on the page (2 under a page's h1). */
  headingBase?: number
}) {
  const chunks = useMemo(() => splitMarkdown(source), [source])
  const small = chunks.length === 1
  const whole = useMemo(
    () => (small ? [renderMarkdown(source, headingBase)] : null),
    [small, source, headingBase],
  )
  const [progress, setProgress] = useState<{ source: string; html: string[] }>({ source: '', html: [] })

  useEffect(() => {
    if (small) return
    let index = 0
    let handle: IdleHandle | undefined
    const acc: string[] = []
    const step = () => {
      const chunk = chunks[index]
      if (chunk === undefined) return
      acc.push(renderMarkdown(chunk, headingBase))
      index++
      setProgress({ source, html: acc.slice() })
      if (index < chunks.length) handle = whenIdle(step)
    }
    handle = whenIdle(step)
    return () => handle?.cancel()
  }, [chunks, small, source, headingBase])

  const current = whole ?? (progress.source === source ? progress.html : [])
  const done = current.length >= chunks.length
  return (
    <article aria-label={label} aria-busy={!done} className="readme">
      {current.map((html, i) => (
        <div key={i} dangerouslySetInnerHTML={{ __html: html }} />
      ))}
      {!done && <p role="status">Rendering README… {Math.round((current.length / chunks.length) * 100)}%</p>}
    </article>
  )
}
