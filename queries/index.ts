/**
 * The read side: every query the UI may `ask`, by name. A query is `{ type, ...params }`;
 * its result type comes from its selector. The table is each area's `queries/<area>.ts`,
 * written from areas.list.ts (`npm run areas`).
 */
import { queryTable } from './areas.gen'
import type { AppState } from '../domain/app'

export { queryTable }

type Table = typeof queryTable
export type QueryName = keyof Table
export type AppQuery = { [K in QueryName]: { readonly type: K } & Parameters<Table[K]>[1] }[QueryName]
export type QueryResult<Q extends AppQuery> = ReturnType<Table[Q['type']]>

export function runQuery<Q extends AppQuery>(state: AppState, query: Q): QueryResult<Q> {
  const selector = queryTable[query.type] as unknown as (s: AppState, q: Q) => QueryResult<Q>
  return selector(state, query)
}
