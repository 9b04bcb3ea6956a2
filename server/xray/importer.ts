/**
 * Reading an advisory database export: one OSV JSON file, a folder of them (any depth), a zip
 * of an ecosystem's export (OSV.dev's `npm/all.zip`), or a URL answering either. Every file is
 * decoded and checked before anything is stored, so an import is all or nothing; each file
 * refused is reported with its name and reason.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { unzipSync } from 'fflate'
import { isLeft } from 'fp-ts/Either'
import { advisoryOf, type Advisory } from '../../domain/xray'
import { readAll, upstreamRequest, UpstreamFault } from '../upstream/fetch'

export interface ImportProblem {
  readonly file: string
  readonly reason: string
}

export interface ReadExport {
  files: number
  readonly advisories: Advisory[]
  readonly problems: ImportProblem[]
}

/** Largest export read (OSV.dev's npm export is about 60 MB zipped). */
export const MAX_EXPORT_BYTES = 512 * 1024 * 1024

const isZip = (bytes: Uint8Array) => bytes.length > 3 && bytes[0] === 0x50 && bytes[1] === 0x4b

function decodeFile(name: string, bytes: Uint8Array, into: ReadExport): void {
  let json: unknown
  try {
    json = JSON.parse(Buffer.from(bytes).toString('utf8'))
  } catch {
    into.problems.push({ file: name, reason: 'not JSON' })
    return
  }
  // A file may hold one record or a list of them.
  const records = Array.isArray(json) ? json : [json]
  for (const record of records) {
    const advisory = advisoryOf(record)
    if (isLeft(advisory)) into.problems.push({ file: name, reason: advisory.left })
    else into.advisories.push(advisory.right)
  }
}

/** Files of a zip or one JSON document, by name. */
export function readExportBytes(name: string, bytes: Uint8Array): ReadExport {
  const out: ReadExport = { files: 0, advisories: [], problems: [] }
  if (isZip(bytes)) {
    let entries: Record<string, Uint8Array>
    try {
      entries = unzipSync(bytes, { filter: (f) => f.name.toLowerCase().endsWith('.json') })
    } catch (error) {
      out.problems.push({ file: name, reason: `not a readable zip: ${(error as Error).message}` })
      return out
    }
    for (const [entry, data] of Object.entries(entries).sort(([a], [b]) => a.localeCompare(b))) {
      out.files++
      decodeFile(entry, data, out)
    }
    return out
  }
  out.files++
  decodeFile(name, bytes, out)
  return out
}

function jsonFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? jsonFilesUnder(join(dir, e.name))
        : e.name.toLowerCase().endsWith('.json')
          ? [join(dir, e.name)]
          : [],
    )
    .sort()
}

/** A file, a zip or a folder on this machine. */
export function readExportPath(path: string): ReadExport {
  const facts = statSync(path)
  if (!facts.isDirectory()) {
    if (facts.size > MAX_EXPORT_BYTES)
      return { files: 1, advisories: [], problems: [{ file: path, reason: 'too large' }] }
    return readExportBytes(path, readFileSync(path))
  }
  const out: ReadExport = { files: 0, advisories: [], problems: [] }
  for (const file of jsonFilesUnder(path)) {
    out.files++
    decodeFile(relative(path, file), readFileSync(file), out)
  }
  return out
}

/**
 * What a URL answers, bounded in size and time, through the platform's guarded outgoing call
 * (upstream/fetch.ts): never a link-local or cloud metadata address, at the start or after any
 * redirect the address answers.
 */
export async function readExportUrl(url: string, timeoutMs = 120_000): Promise<ReadExport> {
  const parsed = new URL(url)
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return {
      files: 0,
      advisories: [],
      problems: [{ file: url, reason: 'only http and https addresses are read' }],
    }
  let bytes: Buffer
  try {
    const response = await upstreamRequest(parsed.toString(), {
      limits: { readTimeoutMs: timeoutMs, maxBytes: MAX_EXPORT_BYTES },
    })
    if (response.status < 200 || response.status >= 300) {
      response.body.destroy()
      return { files: 0, advisories: [], problems: [{ file: url, reason: `answered ${response.status}` }] }
    }
    bytes = await readAll(response)
  } catch (error) {
    const reason =
      error instanceof UpstreamFault && error.kind === 'tooLarge'
        ? 'too large'
        : `unreachable: ${(error as Error).message}`
    return { files: 0, advisories: [], problems: [{ file: url, reason }] }
  }
  return readExportBytes(parsed.pathname.split('/').pop() || url, bytes)
}
