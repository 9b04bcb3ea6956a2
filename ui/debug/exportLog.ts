import type { App } from '../../commands/bus'
import { redactLog, type RedactOptions } from '../../domain/debug/redact'

/**
 * Downloads the session's event log (NDJSON) so a developer can `npm run replay` it, without
 * what the user chose to leave out (see domain/debug/redact.ts).
 */
export function downloadEventLog(app: App, leaveOut: RedactOptions, now: Date = new Date()): void {
  const blob = new Blob([redactLog(app.exportLog(), leaveOut).text], { type: 'application/x-ndjson' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = `console-session-${now.toISOString().replace(/[:.]/g, '-')}.ndjson`
  document.body.appendChild(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
