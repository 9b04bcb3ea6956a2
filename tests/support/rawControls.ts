/**
 * Finds the visible form controls the browser draws with its own defaults ("no raw
 * browser-default control is left on any screen"). Run in the page: `page.evaluate(rawControls)`.
 * It returns one line per such control, saying what it is and why.
 *
 * A visible `button`, `input`, `select` or `textarea` is raw when
 * - it is one the browser draws as a widget (checkbox, radio, range, colour, date and time
 *   pickers, select) and its computed `appearance` is not `none`: the kit draws its own;
 * - or (any other control, or a widget drawn by CSS) its box is the browser's: background and every border side as the user agent's style
 *   sheet gives the same element (read from a copy in a shadow root, where no page style
 *   reaches, in the page's colour scheme), which is what a control nobody styled looks like;
 * - or, on a page that defines the kit's fonts (`--font`, `--mono`), its font is neither.
 * Invisible controls are left out: zero size (a visually hidden select), `opacity: 0` on it or
 * an ancestor (the file input laid over the kit's button, Radix's form bubble inputs),
 * `visibility: hidden`, `display: none`.
 */
export function rawControls(): string[] {
  const widgets = new Set([
    'checkbox',
    'radio',
    'range',
    'color',
    'date',
    'datetime-local',
    'month',
    'week',
    'time',
  ])
  const box = [
    'background-color',
    'background-image',
    ...['top', 'right', 'bottom', 'left'].flatMap((side) => [
      `border-${side}-style`,
      `border-${side}-width`,
      `border-${side}-color`,
    ]),
  ]
  const firstFamily = (family: string) =>
    family
      .split(',')[0]
      ?.trim()
      .replace(/^["']|["']$/g, '') ?? ''
  const root = getComputedStyle(document.documentElement)
  const kitFonts = ['--font', '--mono']
    .map((name) => firstFamily(root.getPropertyValue(name)))
    .filter((family) => family !== '')

  // The user agent's own look of an element like `control`: a copy in a shadow root (page styles
  // do not reach into it; inherited ones, the colour scheme among them, do through the host),
  // with the attributes the user agent's style sheet draws differently (a disabled button).
  const host = document.createElement('div')
  document.body.append(host)
  const shadow = host.attachShadow({ mode: 'open' })
  const uaBox = (control: Element) => {
    const copy = document.createElement(control.localName)
    for (const attribute of ['type', 'disabled', 'multiple', 'size']) {
      const value = control.getAttribute(attribute)
      if (value !== null) copy.setAttribute(attribute, value)
    }
    shadow.replaceChildren(copy)
    const style = getComputedStyle(copy)
    return box.map((property) => style.getPropertyValue(property))
  }

  const describe = (control: Element) => {
    const type = control.localName === 'input' ? `[type=${(control as HTMLInputElement).type}]` : ''
    const name =
      control.getAttribute('aria-label') ??
      (control as HTMLInputElement).labels?.[0]?.textContent ??
      control.textContent ??
      ''
    return `${control.localName}${type} "${name.trim().slice(0, 40)}"`
  }

  const found: string[] = []
  try {
    for (const control of document.querySelectorAll('button, input, select, textarea')) {
      if (control.closest('[hidden]') || (control as HTMLInputElement).type === 'hidden') continue
      const rect = control.getBoundingClientRect()
      const visible =
        rect.width > 1 &&
        rect.height > 1 &&
        control.checkVisibility({ opacityProperty: true, visibilityProperty: true })
      if (!visible) continue
      const style = getComputedStyle(control)
      const kind = control.localName === 'input' ? (control as HTMLInputElement).type : control.localName
      const reasons: string[] = []
      if ((widgets.has(kind) || kind === 'select') && style.appearance !== 'none')
        reasons.push(`drawn by the browser (appearance: ${style.appearance})`)
      else {
        const own = box.map((property) => style.getPropertyValue(property))
        if (uaBox(control).every((value, i) => value === own[i]))
          reasons.push("the browser's background and border")
      }
      const family = firstFamily(style.fontFamily)
      if (kitFonts.length > 0 && !kitFonts.includes(family)) reasons.push(`font ${family}, not the kit's`)
      if (reasons.length > 0) found.push(`${describe(control)}: ${reasons.join('; ')}`)
    }
  } finally {
    host.remove()
  }
  return found
}
