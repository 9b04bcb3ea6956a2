import { useParams } from 'wouter'
import { TEASER_MODULES, teaserFor, type TeaserModule } from './teaserModules'
import kit from '../shared/kit/page.module.css'
import surface from '../shared/kit/surface.module.css'
import styles from './admin.module.css'
import { Toolbar } from './shared'
import { useQuery } from '../shared/appContext'
import { offersTrial } from '../../domain/platform'

/** `headed`: its own heading, unless the page's title already says the module's name. */
function Module({ module, headed }: { module: TeaserModule; headed: boolean }) {
  return (
    <section className={`${surface.card} ${styles.teaserModule}`} aria-label={module.LABEL}>
      {headed ? <h2 className={surface.cardTitle}>{module.LABEL}</h2> : null}
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

/** The admin teaser for unlicensed or demo areas: the teased module (or all), then the trial invitation where one applies. */
export function AdminTeaser() {
  const params = useParams<{ '*'?: string }>()
  const module = teaserFor(params['*'] ?? '')
  const trial = offersTrial(useQuery({ type: 'platform/State' }))
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      <Toolbar title={module ? module.LABEL : 'Administration'} />
      {(module ? [module] : TEASER_MODULES).map((m) => (
        <Module key={m.LABEL} module={m} headed={!module} />
      ))}
      {trial ? (
        <aside className={styles.trial} aria-label="Free trial">
          <h2>Try the full platform</h2>
          <p>Start a free trial to unlock every administration module.</p>
          <a href="https://jfrog.com/start-free/" target="_blank" rel="noopener noreferrer">
            Start a free trial
          </a>
        </aside>
      ) : null}
    </section>
  )
}
