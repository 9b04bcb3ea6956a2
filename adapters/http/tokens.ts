import * as t from 'io-ts'
import { map } from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import type { TokensApi } from '../ports'
import type { HttpClient } from './client'
import { ClientTokenC, TokenListC, type TokenOwner } from '../../domain/tokens/types'

// The value comes beside the token's fields, this once.
const Made = t.intersection([ClientTokenC, t.type({ token: t.string })])
const Policy = t.type({ maxDays: t.number })

const listPath = (owner: TokenOwner) => (owner === 'mine' ? '/ui/tokens' : '/ui/admin/tokens')

/** The tokens area's calls to the platform (server/API.md, client tokens). */
export function createTokensApi(http: HttpClient): TokensApi {
  return {
    list: (owner) => http.request(listPath(owner), TokenListC),
    async create(request) {
      const answer = await http.request('/ui/tokens', Made, { method: 'POST', body: request })
      return pipe(
        answer,
        map(({ token, ...fields }) => ({
          token: {
            id: fields.id,
            user: fields.user,
            description: fields.description,
            scope: fields.scope,
            createdAt: fields.createdAt,
            expiresAt: fields.expiresAt,
          },
          secret: token,
        })),
      )
    },
    revoke: (owner, id) => http.send(`${listPath(owner)}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    async setPolicy(maxDays) {
      const answer = await http.request('/ui/admin/tokenPolicy', Policy, { method: 'PUT', body: { maxDays } })
      return pipe(
        answer,
        map((policy) => policy.maxDays),
      )
    },
  }
}
