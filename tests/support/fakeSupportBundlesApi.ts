// An in-memory platform for support bundles: creations answer 'in progress' and a test
// finishes them; every call is recorded.
import { left, right } from 'fp-ts/Either'
import type { Result, SupportBundlesApi } from '../../adapters/ports'
import type { BundleRequest, SupportBundle } from '../../domain/supportBundles'

export const bundle = (over: Partial<SupportBundle> = {}): SupportBundle => ({
  id: 'b-1',
  name: 'nightly',
  description: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  status: 'success',
  service: 'artifactory',
  nodeId: 'node-1',
  size: 2048,
  error: null,
  ...over,
})

export interface FakeBundlePlatform extends SupportBundlesApi {
  bundles: SupportBundle[]
  readonly calls: Array<{ name: keyof SupportBundlesApi; arg?: unknown }>
  /** Answers the next calls of a method give instead of the normal ones. */
  readonly failures: Partial<Record<keyof SupportBundlesApi, Result<never>>>
  retention: Result<boolean>
  /** What Mission Control's service-enabled check and ping come to. */
  missionControl: Result<boolean>
  /** Holds creation answers until released. */
  gate: Promise<void> | null
  finish(id: string, status?: 'success' | 'failed'): void
  /** The session logs creations attached, by bundle id. */
  readonly sessions: Map<string, string>
}

export function fakeBundlePlatform(bundles: SupportBundle[] = []): FakeBundlePlatform {
  let n = 0
  const fake: FakeBundlePlatform = {
    bundles,
    calls: [],
    failures: {},
    retention: right(true),
    missionControl: right(true),
    gate: null,
    sessions: new Map(),
    finish(id, status = 'success') {
      fake.bundles = fake.bundles.map((b) => (b.id === id ? { ...b, status, size: 1234 } : b))
    },
    list: () => {
      fake.calls.push({ name: 'list' })
      return Promise.resolve(fake.failures.list ?? right([...fake.bundles]))
    },
    create: async (request: BundleRequest, session?: string) => {
      fake.calls.push({ name: 'create', arg: session === undefined ? request : { ...request, session } })
      if (fake.gate) await fake.gate
      if (fake.failures.create) return fake.failures.create
      const created = bundle({
        id: `new-${++n}`,
        name: request.name,
        description: request.description,
        service: request.service,
        status: 'in progress',
        size: null,
        ...(session !== undefined ? { sessionEvents: session.split('"kind":"event"').length - 1 } : {}),
      })
      if (session !== undefined) fake.sessions.set(created.id, session)
      fake.bundles = [created, ...fake.bundles]
      return right(created)
    },
    remove: (id) => {
      fake.calls.push({ name: 'remove', arg: id })
      if (fake.failures.remove) return Promise.resolve(fake.failures.remove)
      const before = fake.bundles.length
      fake.bundles = fake.bundles.filter((b) => b.id !== id)
      return Promise.resolve(
        before === fake.bundles.length
          ? left({ kind: 'status', status: 404, message: 'No such support bundle' })
          : right(undefined),
      )
    },
    session: (id) => {
      fake.calls.push({ name: 'session', arg: id })
      const log = fake.sessions.get(id)
      return Promise.resolve(
        fake.failures.session ??
          (log === undefined ? left({ kind: 'status', status: 404, message: 'No session' }) : right(log)),
      )
    },
    download: (id) => {
      fake.calls.push({ name: 'download', arg: id })
      return Promise.resolve(fake.failures.download ?? right(undefined))
    },
    missionControlAvailable: () => {
      fake.calls.push({ name: 'missionControlAvailable' })
      return Promise.resolve(fake.missionControl)
    },
    retentionEnabled: () => {
      fake.calls.push({ name: 'retentionEnabled' })
      return Promise.resolve(fake.retention)
    },
  }
  return fake
}
