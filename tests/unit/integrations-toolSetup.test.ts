// A tool's set-up through the real bus with fake platform answers (spec 001, the common
// integration modal): the base URL first, then the OAuth user's API key; what each failure leaves.
import { describe, expect, it } from 'vitest'
import { left, right } from 'fp-ts/Either'
import { allEffects, createApp } from '../../composition/createApp'
import type { IntegrationsApi } from '../../adapters/ports'
import { fakeSetMeUpApi, fakePorts, notFaked } from '../support/fakePorts'
import { signedIn } from '../support/fixtures'
import { flush } from '../support/wait'

const down = { kind: 'network' as const, message: 'down' }

function openTool(options: { readonly baseUrl?: 'fails'; readonly key: 'answers' | 'fails' }) {
  const askedKeys: string[] = []
  const ports = fakePorts({
    setMeUpApi: fakeSetMeUpApi(
      options.baseUrl === 'fails' ? { clientBaseUrl: () => Promise.resolve(left(down)) } : {},
    ),
    integrationsApi: {
      ...notFaked<IntegrationsApi>(),
      oauthApiKey: async (user) => {
        askedKeys.push(user)
        return options.key === 'answers' ? right('AKCsecret-key') : left(down)
      },
    },
  })
  const app = createApp({ ports, effects: allEffects, seed: [signedIn('admin', true)] })
  app.dispatch({ type: 'integrations/OpenTool', tool: 'jfrog-cli', withApiKey: true })
  const types = () =>
    app
      .exportLog()
      .split('\n')
      .filter((line) => line.includes('"kind":"event"'))
      .map((line) => (JSON.parse(line) as { type: string }).type)
  return { app, ports, askedKeys, types }
}

describe("a tool's set-up", () => {
  it('asks for the key once the base URL is known, and keeps the key out of the log', async () => {
    const { app, ports, askedKeys } = openTool({ key: 'answers' })
    await flush()
    const tool = app.getState().integrations.tool
    expect(askedKeys).toEqual(['admin'])
    expect(tool).toMatchObject({ step: 'open', setup: { status: 'ready', baseUrl: 'http://platform.test' } })
    const setup = tool.step === 'open' ? tool.setup : undefined
    const ref = setup?.status === 'ready' ? setup.apiKeyRef : null
    expect(ref).not.toBeNull()
    expect(ports.shown.apiKeys.get(ref!)).toBe('AKCsecret-key')
    expect(app.exportLog()).not.toContain('AKCsecret-key')
  })

  it('a failed key is recorded, and the set-up goes on without it', async () => {
    const { app, types } = openTool({ key: 'fails' })
    await flush()
    expect(types().slice(-2)).toEqual(['integrations/ToolApiKeyFailed', 'integrations/ToolSetupReady'])
    expect(app.getState().integrations.tool).toMatchObject({
      step: 'open',
      setup: { status: 'ready', apiKeyRef: null },
    })
  })

  it('a failed base URL fails the set-up, and no key is asked for', async () => {
    const { app, askedKeys, types } = openTool({ baseUrl: 'fails', key: 'answers' })
    await flush()
    expect(askedKeys).toEqual([])
    expect(types().at(-1)).toBe('integrations/ToolSetupFailed')
    expect(app.getState().integrations.tool).toMatchObject({
      step: 'open',
      setup: { status: 'failed', failure: down },
    })
  })
})
