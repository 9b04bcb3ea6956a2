import { useParams } from 'wouter'
import { TEASER_MODULES, teaserFor, type TeaserModule } from './teaserModules'
import kit from '../shared/kit/page.module.css'
import surface from '../shared/kit/surface.module.css'
import styles from './admin.module.css'
import { Toolbar } from './shared'

function Module({ module }: { module: TeaserModule }) {
  return (
    <section className={surface.card} aria-label={module.LABEL}>
      <h2>{module.LABEL}</h2>
      <p>{module.DESCRIPTION}</p>
      {module.BULLETS && (
        <>
          <h3>{module.BULLETS.HEADER}</h3>
          <ul>
            {module.BULLETS.CONTENT.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </>
      )}
      {module.CARDS && (
        <ul className={styles.cards}>
          {module.CARDS.map((c) => (
            <li key={c.LABEL}>
              <strong>{c.LABEL}</strong>
              <p>{c.DESCRIPTION}</p>
            </li>
          ))}
        </ul>
      )}
      <a href={module.LEARN_MORE_URL} target="_blank" rel="noopener noreferrer">
        Learn more about {module.LABEL}
      </a>
    </section>
  )
}

/** The admin teaser for unlicensed or demo areas: the teased module (or all), then the trial invitation. */
export function AdminTeaser() {
  const params = useParams<{ '*'?: string }>()
  const module = teaserFor(params['*'] ?? '')
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      <Toolbar title={module ? module.LABEL : 'Administration'} />
      {(module ? [module] : TEASER_MODULES).map((m) => (
        <Module key={m.LABEL} module={m} />
      ))}
      <aside className={styles.trial} aria-label="Free trial">
        <h2>Try the full platform</h2>
        <p>Start a free trial to unlock every administration module.</p>
        <a href="https://jfrog.com/start-free/" target="_blank" rel="noopener noreferrer">
          Start a free trial
        </a>
      </aside>
    </section>
  )
}
