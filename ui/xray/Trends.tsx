// Trends: vulnerabilities (all severities) and violations after each scan run, over the days
// chosen, as a chart with the figures beside it in a table.
import { useLayoutEffect, useRef, useState } from 'react'
import { ChartLine } from 'lucide-react'
import { totalOf, trendGeometry, type TrendPoint } from '../../domain/xray'
import { formatDate, formatDateTime, formatDateTimeSeconds, formatSpan } from '../shared/dates'
import { Select } from '../shared/kit/Select'
import { Field } from '../shared/kit/Field'
import { Card, EmptyState } from '../shared/kit/Surface'
import { Table } from '../shared/kit/Table'
import { XrayScreen, useXrayList } from './common'
import styles from './xray.module.css'

const WIDTH = 640
const HEIGHT = 200
/** Room round the plot for the scale's labels. */
const MARGIN = { left: 48, right: 10, top: 10, bottom: 26 } as const

/**
 * The plot's width in CSS pixels, so that one unit of the chart is one pixel: scaled to its box,
 * its labels grew with the window (about 16 px at 1440 px). The first frame, and a browser
 * without ResizeObserver, take WIDTH.
 */
function usePlotWidth() {
  const ref = useRef<SVGSVGElement>(null)
  const [width, setWidth] = useState(WIDTH)
  useLayoutEffect(() => {
    const svg = ref.current
    if (!svg || typeof ResizeObserver === 'undefined') return
    const measure = () => setWidth(Math.max(160, Math.round(svg.clientWidth) - MARGIN.left - MARGIN.right))
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(svg)
    return () => observer.disconnect()
  }, [])
  return [ref, width] as const
}
const DAYS = ['7', '30', '90', '365'] as const

export function TrendsPage() {
  const [days, setDays] = useState<(typeof DAYS)[number]>('30')
  return (
    <XrayScreen
      title="Trends"
      description="Vulnerabilities in the scanned versions and violations of your watches, after each scan run."
      actions={
        <Field label="Period" inline>
          <Select<(typeof DAYS)[number]>
            value={days}
            options={DAYS.map((d) => ({ value: d, label: `Last ${d} days` }))}
            onValueChange={setDays}
          />
        </Field>
      }
      list={useXrayList('trends', { what: 'trends', days: Number(days) })}
      what="The trends"
    >
      {(points) =>
        points.length === 0 ? (
          <EmptyState
            boxed
            icon={<ChartLine size={28} />}
            title="No scan runs in this period"
            hint="Each scan run (an import of advisories, a new version, a rescan) adds a point."
          />
        ) : (
          <Chart points={points} />
        )
      }
    </XrayScreen>
  )
}

function Chart({ points }: { readonly points: ReadonlyArray<TrendPoint> }) {
  const [svgRef, width] = usePlotWidth()
  const { max, lines, dots } = trendGeometry(points, width, HEIGHT)
  const first = points[0]
  const last = points[points.length - 1]
  // Runs a minute does not tell apart (a start's first scans) are told apart to the second.
  const minutes = new Set(points.map((p) => p.at.slice(0, 16)))
  const when = minutes.size < points.length ? formatDateTimeSeconds : formatDateTime
  const ends = first && last ? formatSpan(first.at, last.at) : undefined
  return (
    <>
      <Card title="Over time">
        <ul className={styles.legend} aria-label="Legend">
          <li>
            <span className={`${styles.swatch} ${styles.swatchVulnerabilities}`} aria-hidden="true" />
            Vulnerabilities{last ? `: ${totalOf(last)} now` : ''}
          </li>
          <li>
            <span className={`${styles.swatch} ${styles.swatchViolations}`} aria-hidden="true" />
            Violations{last ? `: ${last.violations} now` : ''}
          </li>
        </ul>
        <svg
          ref={svgRef}
          className={styles.chart}
          height={HEIGHT + MARGIN.top + MARGIN.bottom}
          viewBox={`${-MARGIN.left} ${-MARGIN.top} ${width + MARGIN.left + MARGIN.right} ${HEIGHT + MARGIN.top + MARGIN.bottom}`}
          role="img"
          aria-label={`Vulnerabilities and violations over ${points.length} scan ${points.length === 1 ? 'run' : 'runs'}; the most is ${max}`}
        >
          <line className={styles.chartAxis} x1={0} y1={HEIGHT} x2={width} y2={HEIGHT} />
          <line className={styles.chartAxis} x1={0} y1={0} x2={0} y2={HEIGHT} />
          {/* The scale: the most and nothing, the first run's day and the last's. */}
          <text className={styles.chartLabel} x={-6} y={4} textAnchor="end">
            {max.toLocaleString('en')}
          </text>
          <text className={styles.chartLabel} x={-6} y={HEIGHT + 4} textAnchor="end">
            0
          </text>
          {ends && points.length > 1 ? (
            <>
              <text className={styles.chartLabel} x={0} y={HEIGHT + 20} textAnchor="start">
                {ends[0]}
              </text>
              <text className={styles.chartLabel} x={width} y={HEIGHT + 20} textAnchor="end">
                {ends[1]}
              </text>
            </>
          ) : (
            last && (
              <text className={styles.chartLabel} x={width / 2} y={HEIGHT + 20} textAnchor="middle">
                {formatDate(last.at)}
              </text>
            )
          )}
          <polyline className={styles.lineVulnerabilities} points={lines.vulnerabilities} />
          <polyline className={styles.lineViolations} points={lines.violations} />
          {dots.vulnerabilities.map(({ x, y }, i) => (
            <circle key={`v${i}`} className={styles.dotVulnerabilities} cx={x} cy={y} r={3.5} />
          ))}
          {dots.violations.map(({ x, y }, i) => (
            <circle key={`x${i}`} className={styles.dotViolations} cx={x} cy={y} r={3.5} />
          ))}
        </svg>
      </Card>
      <Table<TrendPoint>
        label="Scan runs"
        state={{ status: 'loaded', rows: [...points].reverse() }}
        rowKey={(p) => p.at}
        empty={null}
        columns={[
          { id: 'at', header: 'When', rowHeader: true, cell: (p) => when(p.at) },
          { id: 'critical', header: 'Critical', align: 'end', cell: (p) => p.critical },
          { id: 'high', header: 'High', align: 'end', cell: (p) => p.high },
          { id: 'medium', header: 'Medium', align: 'end', cell: (p) => p.medium },
          { id: 'low', header: 'Low', align: 'end', cell: (p) => p.low },
          { id: 'unknown', header: 'Unknown', align: 'end', cell: (p) => p.unknown },
          { id: 'violations', header: 'Violations', align: 'end', cell: (p) => p.violations },
        ]}
      />
    </>
  )
}
