import * as t from 'io-ts'
import { isLeft, right } from 'fp-ts/Either'
import type { OverviewApi } from '../ports'
import type { HttpClient } from './client'
import { Overview } from '../../domain/overview/types'

const Count = t.type({ widgetData: t.type({ artifactCount: t.number }) })
const { artifactCount: _count, ...figures } = Overview.props
const Figures = t.type(figures)

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
      return right({ artifactCount: count.right.widgetData.artifactCount, ...rest.right })
    },
  }
}
