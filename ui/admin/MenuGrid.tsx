import { useState } from 'react'
import * as Tooltip from '@radix-ui/react-tooltip'
import { Link } from 'wouter'
import { adminMenuGroups, highlightParts, visibleAdminMenu } from '../../domain/admin'
import { useQuery } from '../shared/appContext'
import styles from './admin.module.css'

function Highlighted({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightParts(text, query).map((part, i) =>
        part.match ? <mark key={i}>{part.text}</mark> : part.text,
      )}
    </>
  )
}

/** The admin menu grid with its search (literal text, matches highlighted). */
export function MenuGrid() {
  const ctx = useQuery({ type: 'navigation/Context' })
  const [query, setQuery] = useState('')
  const groups = visibleAdminMenu(
    adminMenuGroups({ licenseNA: ctx.licenseType === 'N/A', cloud: ctx.cloud, services: ctx.services }),
    query,
  )
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Administration</h1>
      <input
        type="search"
        aria-label="Search settings"
        placeholder="Search settings"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {groups.length === 0 && <p>No settings match your search.</p>}
      <Tooltip.Provider delayDuration={200}>
        <ul className={styles.grid}>
          {groups.map((group) => (
            <li key={group.title} className={styles.card}>
              <h2>
                <Highlighted text={group.title} query={query} />
              </h2>
              <ul aria-label={group.title}>
                {group.items.map((item) => (
                  <li key={item.testId} data-testid={item.testId}>
                    {item.disabled ? (
                      <Tooltip.Root>
                        <Tooltip.Trigger asChild>
                          <span className={styles.disabled} aria-disabled="true" tabIndex={0}>
                            <Highlighted text={item.title} query={query} />
                          </span>
                        </Tooltip.Trigger>
                        <Tooltip.Portal>
                          <Tooltip.Content>{item.tooltip}</Tooltip.Content>
                        </Tooltip.Portal>
                      </Tooltip.Root>
                    ) : (
                      <Link href={item.href}>
                        <Highlighted text={item.title} query={query} />
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Tooltip.Provider>
    </section>
  )
}
