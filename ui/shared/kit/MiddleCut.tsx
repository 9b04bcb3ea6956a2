import kit from './page.module.css'
import styles from './middleCut.module.css'

/** How many of a long text's last characters stay in sight when its box cuts it. */
const TAIL = 8

/**
 * A long name (a digest-named layer, a file) cut in its middle where its box is too narrow:
 * `sha256__0531…9c4e2f1a`, not `sha256__053…` nor five lines of hex, so names that share a
 * start stay apart. Read whole by screen readers and on hover.
 */
export function MiddleCut({ text, className }: { readonly text: string; readonly className?: string }) {
  const classes = (own: string | undefined) => (className ? `${own} ${className}` : own)
  if (text.length <= TAIL * 2) return <span className={classes(styles.whole)}>{text}</span>
  return (
    <span className={classes(styles.split)} title={text}>
      <span className={styles.head} aria-hidden="true">
        {text.slice(0, -TAIL)}
      </span>
      <span className={styles.tail} aria-hidden="true">
        {text.slice(-TAIL)}
      </span>
      <span className={kit.srOnly}>{text}</span>
    </span>
  )
}
