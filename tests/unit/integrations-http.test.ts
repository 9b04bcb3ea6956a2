/** The integrations adapter's connection test: the platform's answer decoded, its cause kept. */
import { describe, expect, it } from 'vitest'
import { right } from 'fp-ts/Either'
import { createIntegrationsApi } from '../../adapters/http/integrations'
import { createHttpClient } from '../../adapters/http/client'

/** A fetch that answers every request with `body` (200) and records the paths asked. */
function answering(body: unknown) {
  const paths: string[] = []
  const fetchFn = (async (url: string | URL | Request) => {
    paths.push(String(url))
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    })
  }) as typeof fetch
  return { api: createIntegrationsApi(createHttpClient({ fetch: fetchFn, retries: 0 })), paths }
}

const form = {
  userName: 'octo',
  integrationName: 'main',
  url: 'https://git.example.com/api/v3/',
  vendorName: 1,
  integrationType: 1,
  token: 'secret',
}
const failed = { success: false, message: 'Connection test failed, please check your credentials' }

describe('the integrations adapter: connection test', () => {
  it('keeps why the test failed, as the platform said it', async () => {
    for (const cause of [
      'credentials',
      'notVendorApi',
      'tls',
      'unreachable',
      'timeout',
      'undisclosed',
    ] as const) {
      const { api, paths } = answering({ ...failed, status: 401, reason: 'words for people', cause })
      expect(await api.testConnection(form)).toEqual(right({ success: false, cause }))
      expect(paths.at(-1)).toMatch(/\/integration\/test$/)
    }
  })

  it('a passed test, an answer without a cause, or with one it does not know: no cause', async () => {
    expect(await answering({ success: true, message: 'ok', status: 200 }).api.testConnection(form)).toEqual(
      right({ success: true }),
    )
    expect(await answering(failed).api.testConnection(form)).toEqual(right({ success: false }))
    expect(await answering({ ...failed, cause: 'solarFlare' }).api.testConnection(form)).toEqual(
      right({ success: false }),
    )
  })
})
