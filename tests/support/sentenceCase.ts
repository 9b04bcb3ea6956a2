/**
 * The console's labels are in sentence case: after a label's first word a capital starts only
 * an initialism (MFA, URL) or a name the caller gives (Crowd). Answers the labels of `root` (its
 * `label` and `legend` elements, and with `buttons` its buttons' words) that break the rule.
 */
export function titleCaseLabels(
  root: HTMLElement,
  {
    buttons = false,
    names = [],
  }: { readonly buttons?: boolean; readonly names?: ReadonlyArray<string> } = {},
): string[] {
  const selector = buttons ? 'label, legend, button' : 'label, legend'
  const labels = [...root.querySelectorAll(selector)].map((l) =>
    (l.textContent ?? '').replace(/\*$/, '').trim(),
  )
  if (labels.length < 2) throw new Error(`fewer than two labels to read: ${labels.join(', ')}`)
  return labels.filter((label) =>
    label
      .split(/\s+/)
      .slice(1)
      .some((word) => /^[A-Z]/.test(word) && !/^[A-Z]+$/.test(word) && !names.includes(word)),
  )
}
