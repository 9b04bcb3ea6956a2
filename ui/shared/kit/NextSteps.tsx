// What to do next on a page that holds little yet: a titled row of steps,
// each with its icon, a line or two saying what it does, and the link or button that does it.
// Pages that were a table of one row over empty space end with it; Getting Started is made of it.
import type { ReactNode } from 'react'
import styles from './nextSteps.module.css'

export interface NextStep {
  readonly icon: ReactNode
  readonly title: string
  readonly text: ReactNode
  /** The link or button that takes the step (none for a step that only says what happens). */
  readonly action?: ReactNode
}

export function NextSteps({
  title,
  description,
  steps,
}: {
  readonly title: string
  readonly description?: ReactNode
  readonly steps: ReadonlyArray<NextStep>
}) {
  return (
    <section aria-label={title} className={styles.nextSteps}>
      <h2 className={styles.title}>{title}</h2>
      {description && <p className={styles.description}>{description}</p>}
      <ol className={styles.steps}>
        {steps.map((s) => (
          <li key={s.title} className={styles.step}>
            <span className={styles.icon} aria-hidden="true">
              {s.icon}
            </span>
            <h3 className={styles.stepTitle}>{s.title}</h3>
            <div className={styles.text}>{s.text}</div>
            {s.action && <div className={styles.action}>{s.action}</div>}
          </li>
        ))}
      </ol>
    </section>
  )
}
