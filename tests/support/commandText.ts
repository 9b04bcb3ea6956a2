/**
 * Finds a command drawn by the kit's CodeBlock by its whole text (spaces and line ends as one
 * space): a wrapped command is drawn word by word, so no one text node holds it.
 */
export const commandText =
  (text: string) =>
  (_content: string, element: Element | null): boolean =>
    element?.tagName === 'CODE' && (element.textContent ?? '').replace(/\s+/g, ' ').trim() === text
