// The bounds a support bundle's creation request must keep to be sent (what a script's
// `supportBundles/Create` is held to): each bound at its edge, accepted, and one past it, refused.
import { describe, expect, it } from 'vitest'
import {
  bundleRequestProblem,
  MAX_BUNDLE_DESCRIPTION,
  MAX_BUNDLE_NAME,
  MAX_THREAD_DUMP_INTERVAL_SECS,
  MAX_THREAD_DUMPS,
  MAX_SESSION_BYTES,
  SUPPORT_BUNDLE_SERVICES,
} from '../../domain/supportBundles/request'
import { bundleServicesFor } from '../../domain/supportBundles/rules'

const ok = { name: 'n', description: '', service: 'artifactory', threadDumpCount: 1, threadDumpInterval: 1 }

describe("a support bundle request's bounds", () => {
  it('a name of 64 characters is sent, of 65 not', () => {
    expect(MAX_BUNDLE_NAME).toBe(64)
    expect(bundleRequestProblem({ ...ok, name: 'n'.repeat(64) })).toBeNull()
    expect(bundleRequestProblem({ ...ok, name: 'n'.repeat(65) })).toBe('name')
    expect(bundleRequestProblem({ ...ok, name: '' })).toBe('name')
  })

  it('a description of 1000 characters is sent, of 1001 not', () => {
    expect(MAX_BUNDLE_DESCRIPTION).toBe(1000)
    expect(bundleRequestProblem({ ...ok, description: 'd'.repeat(1000) })).toBeNull()
    expect(bundleRequestProblem({ ...ok, description: 'd'.repeat(1001) })).toBe('description')
  })

  it('every service the form offers is accepted', () => {
    for (const { name } of SUPPORT_BUNDLE_SERVICES)
      expect(bundleRequestProblem({ ...ok, service: name })).toBeNull()
    // The platform's key is not the service's name.
    expect(bundleRequestProblem({ ...ok, service: 'jfrt' })).toBe('service')
  })

  it('thread dumps: a whole count from 0 to 10, a whole interval from 0 to 10 seconds', () => {
    expect([MAX_THREAD_DUMPS, MAX_THREAD_DUMP_INTERVAL_SECS]).toEqual([10, 10])
    for (const n of [0, 10]) {
      expect(bundleRequestProblem({ ...ok, threadDumpCount: n })).toBeNull()
      expect(bundleRequestProblem({ ...ok, threadDumpInterval: n })).toBeNull()
    }
    for (const n of [-1, 11, 0.5]) {
      expect(bundleRequestProblem({ ...ok, threadDumpCount: n })).toBe('thread dump count')
      expect(bundleRequestProblem({ ...ok, threadDumpInterval: n })).toBe('thread dump interval')
    }
  })

  it('the first bound broken is the one named, in the form’s order', () => {
    expect(
      bundleRequestProblem({
        name: 'a b',
        description: 'd'.repeat(1001),
        service: 'none',
        threadDumpCount: -1,
        threadDumpInterval: -1,
      }),
    ).toBe('name')
    expect(bundleRequestProblem({ ...ok, service: 'none', threadDumpCount: -1 })).toBe('service')
    expect(bundleRequestProblem({ ...ok, threadDumpCount: -1, threadDumpInterval: -1 })).toBe(
      'thread dump count',
    )
  })
})

describe('the services a bundle is made of (spec 001, constants)', () => {
  it('are the six the specification names, sent by name, not by label or key', () => {
    expect(SUPPORT_BUNDLE_SERVICES.map((s) => s.name)).toEqual([
      'artifactory',
      'xray',
      'distribution',
      'mission_control',
      'insight',
      'tracker',
    ])
    for (const refused of ['Mission Control', 'mission-control', 'jfmc', 'Xray'])
      expect(bundleRequestProblem({ ...ok, service: refused })).toBe('service')
  })

  it('each is offered when the platform runs its service, under the name a user reads', () => {
    const offered = bundleServicesFor(['jfxr', 'jfds', 'jfmc', 'jfisv', 'jftrk'])
    expect(offered.map(({ name, label }) => [name, label])).toEqual([
      ['artifactory', 'Artifactory'],
      ['xray', 'Xray'],
      ['distribution', 'Distribution'],
      ['mission_control', 'Mission Control'],
      ['insight', 'Insight'],
      ['tracker', 'Tracker'],
    ])
    // One service running: that one, beside Artifactory.
    for (const [key, name] of [
      ['jfds', 'distribution'],
      ['jfisv', 'insight'],
      ['jftrk', 'tracker'],
    ] as const)
      expect(bundleServicesFor([key]).map((s) => s.name)).toEqual(['artifactory', name])
  })

  it('a console session is attached up to 16 MiB of its redacted log', () => {
    expect(MAX_SESSION_BYTES).toBe(16 * 1024 * 1024)
  })
})
