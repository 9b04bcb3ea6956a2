// The storage line, drawn by uPlot (its own chunk, loaded by StorageChart): a time axis in UTC
// days, a byte axis stepped in whole units up to a tick above the highest day, a gap for a day
// without a sample, and the day and figure under the pointer (else the latest) in the legend. uPlot draws on a canvas, which cannot read the
// theme's CSS variables: their colours are read from the page and the chart is drawn again
// when the theme changes.
import { useEffect, useRef, useState } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { byteAxis, bytesText, type StoragePoint } from '../../domain/overview/rules'
import styles from './overview.module.css'

const HEIGHT = 176

/** A colour role of tokens.css as the browser resolves it now (its light-dark() included). */
function resolved(probe: HTMLElement, role: string): string {
  probe.style.color = `var(${role})`
  return getComputedStyle(probe).color
}

/** A number that changes whenever the theme may have: <html data-theme> or the system's scheme. */
function useThemeChanges(): number {
  const [changes, setChanges] = useState(0)
  useEffect(() => {
    const bump = () => setChanges((n) => n + 1)
    const observer = new MutationObserver(bump)
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
    const scheme = window.matchMedia('(prefers-color-scheme: dark)')
    scheme.addEventListener('change', bump)
    return () => {
      observer.disconnect()
      scheme.removeEventListener('change', bump)
    }
  }, [])
  return changes
}

export default function StoragePlot({ points }: { readonly points: ReadonlyArray<StoragePoint> }) {
  const box = useRef<HTMLDivElement>(null)
  const probe = useRef<HTMLSpanElement>(null)
  const theme = useThemeChanges()

  useEffect(() => {
    const el = box.current
    const colours = probe.current
    if (!el || !colours) return
    // The legend names the day under the pointer, and the latest sampled day when there is none.
    const latest = points.findLastIndex((p) => p.artifactBytes !== null)
    const shown = (idx: number | null) => idx ?? latest
    const [accent, text, grid] = ['--accent', '--text-muted', '--border'].map((r) => resolved(colours, r))
    // The area under the line: the accent, faint.
    const fill = accent!.replace(/^rgb\((.*)\)$/, 'rgb($1 / 14%)').replace(/, /g, ' ')
    const bytes = byteAxis(Math.max(0, ...points.map((p) => p.artifactBytes ?? 0)))
    const axis: uPlot.Axis = {
      stroke: text,
      grid: { stroke: grid, width: 1 },
      ticks: { stroke: grid, width: 1 },
      font: '12px system-ui, sans-serif',
    }
    const plot = new uPlot(
      {
        width: el.clientWidth,
        height: HEIGHT,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1e3), 'Etc/UTC'),
        scales: { x: { time: true }, y: { range: () => [0, bytes.top] } },
        axes: [
          { ...axis, space: 60, grid: { show: false } },
          {
            ...axis,
            size: 64,
            splits: () => [...bytes.ticks],
            values: (_u, ticks) => ticks.map((b) => bytesText(b)),
          },
        ],
        series: [
          { label: 'Day', value: (_u, _ts, _s, idx) => points[shown(idx)]?.day ?? '' },
          {
            label: 'Stored',
            stroke: accent,
            width: 2,
            fill,
            spanGaps: false,
            points: { size: 5, fill: accent },
            value: (_u, _b, _s, idx) => {
              const b = points[shown(idx)]?.artifactBytes
              return b == null ? 'not sampled' : bytesText(b)
            },
          },
        ],
        cursor: { y: false, points: { size: 7 } },
        legend: { live: true },
      },
      [points.map((p) => Date.parse(`${p.day}T00:00:00Z`) / 1e3), points.map((p) => p.artifactBytes)],
      el,
    )
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: HEIGHT }))
    resize.observe(el)
    return () => {
      resize.disconnect()
      plot.destroy()
    }
  }, [points, theme])

  return (
    // The canvas says nothing to a screen reader: StorageChart's list does.
    <div className={styles.plot} aria-hidden="true">
      <span ref={probe} hidden />
      <div ref={box} />
    </div>
  )
}
