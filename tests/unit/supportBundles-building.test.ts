import { describe, expect, it } from 'vitest'
import { anyBundleBuilding } from '../../domain/supportBundles/progress'
import { bundle } from '../support/fakeSupportBundlesApi'

const loaded = (rows: ReturnType<typeof bundle>[]) => ({
  status: 'loaded' as const,
  data: rows,
  requestId: 'r',
})

describe("the form's 'being created' note holds while a bundle is made, and no longer", () => {
  it('a placeholder row or a listed bundle in progress: still being made', () => {
    expect(anyBundleBuilding([{}], loaded([]))).toBe(true)
    expect(anyBundleBuilding([], loaded([bundle({ status: 'in progress' })]))).toBe(true)
  })

  it('one bundle in progress among bundles done: still being made', () => {
    const rows = [
      bundle({ status: 'success' }),
      bundle({ status: 'in progress' }),
      bundle({ status: 'failed' }),
    ]
    expect(anyBundleBuilding([], loaded(rows))).toBe(true)
  })

  it('every row done (success or failed): the note goes', () => {
    expect(anyBundleBuilding([], loaded([bundle({ status: 'success' }), bundle({ status: 'failed' })]))).toBe(
      false,
    )
  })

  it('a failed reload keeps judging by the rows shown before it', () => {
    const failed = {
      status: 'failed' as const,
      failure: { kind: 'network' as const, message: 'offline' },
      requestId: 'r',
      previous: [bundle({ status: 'in progress' })],
    }
    expect(anyBundleBuilding([], failed)).toBe(true)
  })
})
