/**
 * Alpine package versions (`digit{.digit}…{letter}{_suffix{#}}…{~hash}{-r#}`) ordered as apk
 * orders them: token by token, numbers as numbers (but as text when either has a leading zero,
 * as Gentoo does), a letter after the digits, suffixes `_alpha` < `_beta` < `_pre` < `_rc` <
 * (none) < `_cvs` < `_svn` < `_git` < `_hg` < `_p`, and `-r<n>` the package's revision. When one
 * version runs out of tokens first, the longer one is newer unless it goes on with a pre-release
 * suffix: `1.2_rc1` < `1.2` < `1.2-r1` < `1.2.1`, `1.2a` < `1.2.1`. OSV's Alpine ranges use it.
 */

/** Kinds of token in the order apk ranks them when the two versions go on differently. */
const Token = {
  InitialDigit: 0,
  Digit: 1,
  Letter: 2,
  Suffix: 3,
  SuffixNumber: 4,
  CommitHash: 5,
  Revision: 6,
  End: 7,
  Invalid: 8,
} as const
type Token = (typeof Token)[keyof typeof Token]

const PRE_RELEASE = ['alpha', 'beta', 'pre', 'rc'] as const
const POST_RELEASE = ['cvs', 'svn', 'git', 'hg', 'p'] as const
/** A suffix's rank; a version with no suffix ranks between the two lists (0). */
function suffixRank(s: string): number | undefined {
  const pre = (PRE_RELEASE as readonly string[]).indexOf(s)
  if (pre >= 0) return pre - PRE_RELEASE.length
  const post = (POST_RELEASE as readonly string[]).indexOf(s)
  return post >= 0 ? post + 1 : undefined
}

interface Part {
  readonly token: Token
  /** The token's text (digits, letter, suffix name or hash). */
  readonly text: string
}

/** The version's tokens; the last is End, or Invalid where it stops making sense. */
function tokensOf(version: string): Part[] {
  const out: Part[] = []
  let i = 0
  const digitsFrom = (start: number) => {
    let end = start
    while (end < version.length && version[end]! >= '0' && version[end]! <= '9') end++
    return version.slice(start, end)
  }
  const first = digitsFrom(0)
  if (first === '') return [{ token: Token.Invalid, text: '' }]
  out.push({ token: Token.InitialDigit, text: first })
  i = first.length
  let last = Token.InitialDigit as Token
  const push = (token: Token, text: string) => {
    out.push({ token, text })
    last = token
  }
  while (i < version.length) {
    const c = version[i]!
    if (c >= 'a' && c <= 'z') {
      if (last > Token.Digit) break
      push(Token.Letter, c)
      i++
    } else if (c === '.' || (c >= '0' && c <= '9')) {
      if (c === '.' && last > Token.Digit) break
      const start = c === '.' ? i + 1 : i
      const kind = last <= Token.Digit ? Token.Digit : last === Token.Suffix ? Token.SuffixNumber : undefined
      const digits = digitsFrom(start)
      if (kind === undefined || digits === '') break
      push(kind, digits)
      i = start + digits.length
    } else if (c === '_') {
      if (last > Token.SuffixNumber) break
      let end = i + 1
      while (end < version.length && version[end]! >= 'a' && version[end]! <= 'z') end++
      const name = version.slice(i + 1, end)
      if (suffixRank(name) === undefined) break
      push(Token.Suffix, name)
      i = end
    } else if (c === '~') {
      if (last >= Token.CommitHash) break
      let end = i + 1
      while (end < version.length && /[0-9a-fA-F]/.test(version[end]!)) end++
      if (end === i + 1) break
      push(Token.CommitHash, version.slice(i + 1, end))
      i = end
    } else if (c === '-') {
      if (last >= Token.Revision || version[i + 1] !== 'r') break
      const digits = digitsFrom(i + 2)
      if (digits === '') break
      push(Token.Revision, digits)
      i += 2 + digits.length
    } else break
  }
  out.push({ token: i === version.length ? Token.End : Token.Invalid, text: '' })
  return out
}

export const isApkVersion = (version: string): boolean => tokensOf(version).at(-1)!.token === Token.End

const bySign = (n: number | bigint) => (n < 0 ? -1 : n > 0 ? 1 : 0)
const asText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

function compareTokens(a: Part, b: Part): number {
  switch (a.token) {
    case Token.Digit:
      // A leading zero makes the digits a fraction-like string: 1.05 < 1.1, 1.001 < 1.01.
      if (a.text.startsWith('0') || b.text.startsWith('0')) return asText(a.text, b.text)
      return bySign(BigInt(a.text) - BigInt(b.text))
    case Token.InitialDigit:
    case Token.SuffixNumber:
    case Token.Revision:
      return bySign(BigInt(a.text) - BigInt(b.text))
    case Token.Suffix:
      return bySign(suffixRank(a.text)! - suffixRank(b.text)!)
    default:
      return asText(a.text, b.text)
  }
}

/** -1, 0 or 1 as `a` sorts before, with or after `b` (a version that does not parse ranks low). */
export function compareApkVersions(a: string, b: string): number {
  const x = tokensOf(a)
  const y = tokensOf(b)
  let k = 0
  for (; x[k]!.token === y[k]!.token && x[k]!.token < Token.End; k++) {
    const c = compareTokens(x[k]!, y[k]!)
    if (c !== 0) return c
  }
  const p = x[k]!
  const q = y[k]!
  if (p.token === q.token) return 0
  // The version that goes on is newer, unless what follows is a pre-release suffix.
  if (p.token === Token.Suffix && suffixRank(p.text)! < 0) return -1
  if (q.token === Token.Suffix && suffixRank(q.text)! < 0) return 1
  return p.token > q.token ? -1 : 1
}
