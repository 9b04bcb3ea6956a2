import type { App } from '../../commands/createApp'

/** Downloads the session's event log (NDJSON) so a developer can `npm run replay` it. */
export function downloadEventLog(app: App, now: Date = new Date()): void {
  const blob = new Blob([app.exportLog()], { type: 'application/x-ndjson' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = `console-session-${now.toISOString().replace(/[:.]/g, '-')}.ndjson`
  document.body.appendChild(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
