import * as t from 'io-ts'
import { isLeft, right } from 'fp-ts/Either'
import type { OverviewApi } from '../ports'
import type { HttpClient } from './client'
import { OverviewFigures, PerDayFigures, type Overview } from '../../domain/overview/types'

const Count = t.type({ widgetData: t.type({ artifactCount: t.number }) })
const { artifactCount: _count, storage: _storage, ...figures } = OverviewFigures.props
const number = t.union([t.number, t.null])
/** The storage cache as the platform sends it: null figures while it is being calculated. */
const StorageWire = t.type({
  calculating: t.boolean,
  artifactBytes: number,
  blobCount: number,
  calculatedAt: t.union([t.string, t.null]),
  diskFreeBytes: t.number,
  diskTotalBytes: t.number,
})
const Figures = t.intersection([t.type({ ...figures, storage: StorageWire }), PerDayFigures])

/** The storage of the wire as the domain has it: figures, or the first calculation under way. */
function storageOf(wire: t.TypeOf<typeof StorageWire>): Overview['storage'] {
  const { diskFreeBytes, diskTotalBytes } = wire
  if (wire.calculating || wire.artifactBytes === null || wire.blobCount === null)
    return { calculating: true, diskFreeBytes, diskTotalBytes }
  return {
    artifactBytes: wire.artifactBytes,
    blobCount: wire.blobCount,
    diskFreeBytes,
    diskTotalBytes,
    ...(wire.calculatedAt === null ? {} : { calculatedAt: wire.calculatedAt }),
  }
}

/** The home page's calls (see server/API.md, Overview): the spec's artifact count and the figures. */
export function createOverviewApi(http: HttpClient): OverviewApi {
  return {
    async load() {
      const [count, rest] = await Promise.all([
        http.request('/ui/home/widget/artifactCount', Count),
        http.request('/ui/home/overview', Figures),
      ])
      if (isLeft(count)) return count
      if (isLeft(rest)) return rest
      const { storage, ...others } = rest.right
      return right({
        artifactCount: count.right.widgetData.artifactCount,
        ...others,
        storage: storageOf(storage),
      })
    },
  }
}
