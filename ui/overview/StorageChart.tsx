// The Overview's storage over time: what the platform stored at the end of each of the last 30
// days, as its hourly sampler noted it. The line is drawn by uPlot in a chunk of its own, loaded
// with the card; the same figures are a list for screen readers (and where nothing is drawn).
import { lazy, Suspense } from 'react'
import { bytesText, storageLine } from '../../domain/overview/rules'
import type { Overview } from '../../domain/overview/types'
import { formatDayMedium } from '../shared/dates'
import { Card, EmptyState, Skeleton } from '../shared/kit/Surface'
import kit from '../shared/kit/page.module.css'
import styles from './overview.module.css'

const StoragePlot = lazy(() => import('./StoragePlot'))

// uPlot measures with matchMedia (the screen's pixel ratio) and draws on a canvas: a browser has
// both, jsdom neither. Without them the list below is the chart.
const canDraw = typeof window !== 'undefined' && typeof window.matchMedia === 'function'

export function StorageChart({ days }: { readonly days: NonNullable<Overview['storagePerDay']> }) {
  const { points, latest, sampledDays } = storageLine(days)
  return (
    <Card
      title="Storage, last 30 days"
      actions={latest && <span className={styles.total}>{`${bytesText(latest.artifactBytes)} stored`}</span>}
    >
      {points.length === 0 ? (
        <EmptyState
          title="No storage figures yet"
          hint="The platform notes what it stores once an hour; the chart fills in from then on."
        />
      ) : (
        <>
          {/* One sampled day drawn on a 30-day axis is a lone dot at its edge, which reads as a
              broken chart: until a second day is noted, the day's figure says it in words. */}
          {sampledDays === 1 && latest ? (
            <EmptyState
              title={`${bytesText(latest.artifactBytes)} stored on ${formatDayMedium(latest.day)}`}
              hint="Only one day is noted so far; the line over 30 days draws from the second."
            />
          ) : (
            canDraw && (
              <Suspense fallback={<Skeleton height="10rem" radius="var(--radius)" />}>
                <StoragePlot points={points} />
              </Suspense>
            )
          )}
          <ol className={kit.srOnly} aria-label="Storage per day">
            {points.map((p) => (
              <li key={p.day}>
                {`${formatDayMedium(p.day)}: ${p.artifactBytes === null ? 'not sampled' : bytesText(p.artifactBytes)}`}
              </li>
            ))}
          </ol>
        </>
      )}
    </Card>
  )
}
