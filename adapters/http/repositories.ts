import * as t from 'io-ts'
import { left, map, right } from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import type { RepositoriesApi } from '../ports'
import type { HttpClient } from './client'
import { RepositorySummary } from '../../domain/repositories/types'
import { ConnectionAnswerC, RemoteSettingsC } from '../../domain/repositories/remote'

const List = t.type({ repositories: t.array(RepositorySummary) })
const Saved = t.type({ key: t.string })
const Quick = t.type({ created: t.array(t.string), existing: t.array(t.string) })
const Token = t.type({ token: t.string, user: t.string })

/** The repositories area's calls to the platform (see server/API.md, Repositories). */
export function createRepositoriesApi(http: HttpClient): RepositoriesApi {
  return {
    async list() {
      return pipe(
        await http.request('/repositories', List),
        map((a) => a.repositories),
      )
    },
    async save(form, create) {
      const answer = await http.request(
        create ? '/repositories' : `/repositories/${encodeURIComponent(form.key)}`,
        Saved,
        {
          method: create ? 'POST' : 'PUT',
          body: form,
        },
      )
      return pipe(
        answer,
        map((a) => a.key),
      )
    },
    async remove(key) {
      return http.send(`/repositories/${encodeURIComponent(key)}`, { method: 'DELETE' })
    },
    async createQuickly(packageTypes) {
      const answer = await http.request('/repositories/quick', Quick, {
        method: 'POST',
        body: { packageTypes },
      })
      return answer._tag === 'Left' ? left(answer.left) : right(answer.right)
    },
    clientToken() {
      return http.request('/ui/npm/token', Token, { method: 'POST', body: {} })
    },
    remote(key) {
      return http.request(`/repositories/${encodeURIComponent(key)}/remote`, RemoteSettingsC)
    },
    saveRemote(key, settings) {
      return http.request(`/repositories/${encodeURIComponent(key)}/remote`, RemoteSettingsC, {
        method: 'PUT',
        body: settings,
      })
    },
    testConnection(input) {
      // The platform answers "timeout" once the typed time-outs have passed: wait for that answer.
      return http.request('/repositories/remote/test', ConnectionAnswerC, {
        method: 'POST',
        body: input,
        platformWaitsMs: input.connectTimeoutMs + input.readTimeoutMs,
      })
    },
  }
}
