/**
 * A short description written in markdown (a package's one line: "_shake_ your tree", "`rc`
 * loader") as the plain words a reader sees rendered: emphasis, code spans, links and images,
 * headings and escapes lose their marks and keep their text. Short descriptions are shown on
 * one or two lines among others, where rendered markdown (a heading, a list) would break the
 * row, and where the marks shown raw read as noise. Long texts (READMEs) are rendered instead.
 */
const RULES: ReadonlyArray<readonly [RegExp, string]> = [
  // Images before links: ![alt](url) keeps its alt text.
  [/!\[([^\]]*)\]\([^)]*\)/g, '$1'],
  [/\[([^\]]+)\]\([^)]*\)/g, '$1'],
  // Reference links [text][ref] keep the text.
  [/\[([^\]]+)\]\[[^\]]*\]/g, '$1'],
  [/`([^`]+)`/g, '$1'],
  [/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2'],
  // Single _ only around a whole word: snake_case names keep theirs.
  [/(^|[^\w*])\*(?=\S)([^*]*?\S)\*(?![\w*])/g, '$1$2'],
  [/(^|[^\w_])_(?=\S)([^_]*?\S)_(?![\w_])/g, '$1$2'],
  [/~~(?=\S)([\s\S]*?\S)~~/g, '$1'],
  [/^\s{0,3}#{1,6}\s+/gm, ''],
  [/^\s{0,3}>\s?/gm, ''],
  [/<\/?[a-zA-Z][^>]*>/g, ''],
]

// An escaped mark (\_) is a literal character: held aside as a private-use code while the marks
// are taken away, then put back.
const ESCAPED = /\\([\\`*_{}[\]()#+\-.!>~|])/g
const HELD = /\uE000(\d+)\uE001/g

export function markdownToText(markdown: string): string {
  let text = markdown.replace(ESCAPED, (_, c: string) => `\uE000${c.charCodeAt(0)}\uE001`)
  for (const [pattern, replacement] of RULES) text = text.replace(pattern, replacement)
  return text
    .replace(HELD, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/\s+/g, ' ')
    .trim()
}
