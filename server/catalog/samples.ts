/**
 * The documented sample set (server/API.md, "Catalogue data"): builds and release bundles,
 * which have no real source on this machine. Loaded into the database like any other data,
 * after the snapshot. They point at REAL catalogue artifacts (the newest version of real npm
 * packages), so the checksum lookup and the artifact-builds call find real files. No docker
 * image is made up here: images come from pushes to the registry under /v2/.
 */
import type { Db } from '../db'
import { insertSampleRows } from './store'

/** Sample builds: each lists real catalogue artifacts (newest version of the named packages). */
export const SAMPLE_BUILDS = [
  {
    name: 'console-web',
    number: '41',
    started: '2026-10-14T16:02:11.000Z',
    status: 'success',
    uses: ['npm://react', 'npm://react-dom', 'npm://rxjs', 'npm://vite'],
  },
  {
    name: 'console-web',
    number: '42',
    started: '2026-10-15T09:12:40.000Z',
    status: 'failure',
    uses: ['npm://react', 'npm://react-dom', 'npm://rxjs', 'npm://vite'],
  },
  {
    name: 'platform-api',
    number: '17',
    started: '2026-11-20T07:45:00.000Z',
    status: 'in progress',
    uses: ['npm://fastify', 'npm://better-sqlite3', 'npm://graphql'],
  },
] as const

/** Sample release bundles: each contains every file of the newest version of the named packages. */
export const SAMPLE_RELEASE_BUNDLES = [
  {
    name: 'console-web',
    version: '1.0.0',
    created: '2026-09-01T12:00:00.000Z',
    status: 'DISTRIBUTED',
    contains: ['npm://react', 'npm://react-dom'],
  },
  {
    name: 'console-web',
    version: '1.1.0',
    created: '2026-10-15T12:00:00.000Z',
    status: 'SIGNED',
    contains: ['npm://react', 'npm://react-dom', 'npm://rxjs'],
  },
  {
    name: 'platform-api',
    version: '0.9.0',
    created: '2026-08-21T08:00:00.000Z',
    status: 'OPEN',
    contains: ['npm://fastify', 'npm://graphql'],
  },
] as const

/** Inserts the sample builds and release bundles (no packages). */
export function insertSamples(db: Db): void {
  insertSampleRows(db, SAMPLE_BUILDS, SAMPLE_RELEASE_BUNDLES)
}
