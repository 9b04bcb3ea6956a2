/** Monospace text (an install command, a checksum) with a Copy button that says when it copied. */
import { useState } from 'react'
import { Check, Copy } from 'lucide-react'
import { IconButton } from './Button'
import { kitText } from './messages'
import styles from './code.module.css'

/**
 * A wrapped command's words, each kept whole on its line unless it is wider than the box (a
 * URL, a token): the browser also breaks after a hyphen, which cut `--build-` from `number=7`
 * and `npm login --` from its `registry=…`. The spaces and line ends between them stay text.
 */
const words = (code: string) =>
  code.split(/(\s+)/).map((part, i) =>
    i % 2 === 1 || part === '' ? (
      part
    ) : (
      <span key={i} className={styles.word}>
        {segments(part)}
      </span>
    ),
  )

/**
 * A word's pieces up to and with each '/', so a URL wider than the box breaks after a slash
 * ('…/api/' then 'npm/npm/') rather than anywhere ('…/api/np' then 'm/npm/'); a piece still wider
 * breaks anywhere in it.
 */
const segments = (word: string) =>
  word.includes('/')
    ? word.split(/(?<=\/)/).map((piece, i) => (
        <span key={i} className={styles.piece}>
          {piece}
        </span>
      ))
    : word

export function CodeBlock({
  code,
  label,
  inline = false,
  wrap = false,
  compact = false,
}: {
  readonly code: string
  /** What is copied, for the button's name: 'Copy install command'. */
  readonly label: string
  readonly inline?: boolean
  /**
   * Long lines wrap instead of scrolling: between words, and a word wider than the box anywhere
   * (a command's encoded data has no spaces).
   */
  readonly wrap?: boolean
  /** A value in a row (a checksum): no frame, small type, one line with the whole in its title. */
  readonly compact?: boolean
}) {
  const [copied, setCopied] = useState(false)
  const copy = () => {
    void navigator.clipboard?.writeText(code).then(
      () => setCopied(true),
      () => setCopied(false),
    )
  }
  return (
    <div
      className={styles.block}
      data-inline={inline || undefined}
      data-wrap={wrap || undefined}
      data-compact={compact || undefined}
    >
      <pre className={styles.code} title={compact ? code : undefined}>
        <code>{wrap && !inline && !compact ? words(code) : code}</code>
      </pre>
      <IconButton
        size="sm"
        variant="subtle"
        className={styles.copy}
        label={kitText({ key: 'copyNamed', name: label })}
        title={kitText({ key: 'copy' })}
        onClick={copy}
        icon={copied ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
      />
      <span role="status" className={styles.sr}>
        {copied ? kitText({ key: 'copied' }) : ''}
      </span>
    </div>
  )
}
