/** The platform's outbox in server tests: the messages it wrote, and their headers and body. */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { TestServer } from './server'

/** The messages in the outbox, oldest first, as raw RFC 5322 text. */
export function outbox(server: TestServer): string[] {
  const dir = join(server.config.dataDir, 'outbox')
  let files: string[] = []
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'))
  } catch {
    return []
  }
  return files.sort().map((f) => readFileSync(join(dir, f), 'utf8'))
}

/** Headers (lower-cased names) and body of a message. */
export function parseMail(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n')
  const headers: Record<string, string> = {}
  for (const line of raw.slice(0, split).split('\r\n')) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { headers, body: raw.slice(split + 4) }
}
