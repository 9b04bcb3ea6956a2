/**
 * A support bundle's download (a recorded departure from "opened in a new window"): the page
 * fetches the bundle and hands it to the browser as a file, under the platform's file name; a
 * failed download is a failure the list can say, and nothing is saved or opened.
 */
import { describe, expect, it } from 'vitest'
import { left, right } from 'fp-ts/Either'
import { createSupportBundlesApi } from '../../adapters/http/supportBundles'
import { createHttpClient } from '../../adapters/http/client'

function downloading(answer: Response) {
  const asked: Array<{ url: string; headers: unknown; credentials: unknown }> = []
  const saved: Array<{ name: string; type: string; size: number }> = []
  const fetchFn = (async (url: string | URL | Request, init?: RequestInit) => {
    asked.push({ url: String(url), headers: init?.headers, credentials: init?.credentials })
    return answer
  }) as typeof fetch
  const api = createSupportBundlesApi(createHttpClient({ fetch: fetchFn, retries: 0 }), {
    fetch: fetchFn,
    saveFile: (blob, name) => saved.push({ name, type: blob.type, size: blob.size }),
  })
  return { api, asked, saved }
}

describe('support bundle download', () => {
  it('fetches the bundle with the console session and saves it under the name the platform gives', async () => {
    const { api, asked, saved } = downloading(
      new Response(new Uint8Array([80, 75, 3, 4]), {
        status: 200,
        headers: {
          'content-type': 'application/zip',
          'content-disposition': 'attachment; filename="bundle-nightly.zip"',
        },
      }),
    )
    expect(await api.download('b/1')).toEqual(right(undefined))
    expect(asked).toEqual([
      {
        url: '/ui/api/v1/ui/userSupport/downloadBundle/b%2F1',
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
        credentials: 'same-origin',
      },
    ])
    expect(saved).toEqual([{ name: 'bundle-nightly.zip', type: 'application/zip', size: 4 }])
  })

  it("says the platform's reason when the download fails, and saves nothing", async () => {
    const { api, saved } = downloading(
      new Response(JSON.stringify({ message: 'Bundle not found' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      }),
    )
    expect(await api.download('gone')).toEqual(
      left({ kind: 'status', status: 404, message: 'Bundle not found' }),
    )
    expect(saved).toEqual([])
  })
})

// Spec 001 section 7: the Mission Control bundle needs its service-enabled check and its ping.
describe('whether Mission Control takes bundles', () => {
  function asking(...answers: Array<() => Response>) {
    const asked: string[] = []
    const fetchFn = (async (url: string | URL | Request) => {
      asked.push(String(url))
      const next = answers.shift()
      if (!next) throw new Error(`not expected: ${String(url)}`)
      return next()
    }) as typeof fetch
    const api = createSupportBundlesApi(createHttpClient({ fetch: fetchFn, retries: 0 }), { fetch: fetchFn })
    return { api, asked }
  }
  const enabled = (on: boolean) => () => Response.json({ enabled: on })
  const ping = (status: number) => () => new Response(status === 200 ? 'OK' : null, { status })
  const ENABLED = '/ui/api/v1/system/ismicroserviceenabled/mc'
  const PING = '/ui/api/v1/mc/api/v4/system/ping'

  it('asks the service-enabled check, then the ping, and takes bundles when both say so', async () => {
    const { api, asked } = asking(enabled(true), ping(200))
    expect(await api.missionControlAvailable()).toEqual(right(true))
    expect(asked).toEqual([ENABLED, PING])
  })

  it('an enabled Mission Control whose ping answers 404 is not running: no bundles', async () => {
    const { api } = asking(enabled(true), ping(404))
    expect(await api.missionControlAvailable()).toEqual(right(false))
  })

  it('does not ping one that is not enabled, and a failed ping is a failure', async () => {
    const off = asking(enabled(false))
    expect(await off.api.missionControlAvailable()).toEqual(right(false))
    expect(off.asked).toEqual([ENABLED])
    const failing = asking(enabled(true), ping(500))
    expect(await failing.api.missionControlAvailable()).toMatchObject(left({ kind: 'status', status: 500 }))
  })
})
