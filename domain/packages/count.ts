/**
 * The package count's answer as an event: a rule of the packages area beside its effect (it
 * is not in rules.ts, whose importers, the packages view's chunk among them, do not load the
 * area's events).
 */
import type { Either } from 'fp-ts/Either'
import type { Failure } from '../shared/failure'
import { CountLoaded, ListLoadFailed, type ListRequested } from './events'

/**
 * What the package count's answer is recorded as. Without a search the count is all the list
 * shows, so its failure is the list's failure (an error with Retry), not the "search for
 * packages" invitation; with a search, a count that failed is only unknown (null).
 */
export function countAnswered(
  asked: ReturnType<typeof ListRequested>['data'],
  answer: Either<Failure, number>,
): ReturnType<typeof CountLoaded> | ReturnType<typeof ListLoadFailed> {
  const { requestId, query } = asked
  if (answer._tag === 'Left' && query === null)
    return ListLoadFailed({ requestId, failure: answer.left, more: false })
  return CountLoaded({ requestId, count: answer._tag === 'Left' ? null : answer.right })
}
