/** Each host of one platform names its own nodes, so two hosts' nodes never share an id. */
import { describe, expect, it } from 'vitest'
import { hostNodeIds } from '../../server/ops/topology'

describe("a host's node ids", () => {
  it('are node-1…N by default and <NODE_ID>-1…N where NODE_ID names the host', () => {
    expect(hostNodeIds(undefined, 2)).toEqual(['node-1', 'node-2'])
    const a = hostNodeIds('host-a', 2)
    const b = hostNodeIds('host-b', 3)
    expect(b).toEqual(['host-b-1', 'host-b-2', 'host-b-3'])
    expect(a.filter((id) => b.includes(id))).toEqual([])
  })

  it('refuse a NODE_ID that could not name a log folder', () => {
    expect(() => hostNodeIds('../etc', 1)).toThrow(/NODE_ID must be letters, digits/)
    expect(() => hostNodeIds('a'.repeat(61), 1)).toThrow(/NODE_ID/)
  })
})
