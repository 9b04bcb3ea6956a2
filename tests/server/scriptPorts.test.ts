/**
 * The README's promise: the console's domain runs from a Node script against a real
 * platform. The real bus, effects and adapters sign in and search packages over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../composition/createApp'
import { createScriptPorts } from '../../composition/scriptPorts'
import { isSignedIn } from '../../domain/session/selectors'
import { defaultPackageQuery } from '../../domain/packages/initial'
import { until } from '../support/wait'
import { startTestServer, type TestServer } from '../support/server'
import { listRows } from '../../domain/packages/rules'

// A distinctive password, so the log can be searched for it.
const PASSWORD = 'Script-Secret-7f3a'
let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ userPassword: PASSWORD })
})
afterAll(async () => server.stop())

describe('the domain from a script', () => {
  it('signs in through the real bus and lists packages from the platform', async () => {
    const app = createApp({ ports: createScriptPorts({ platformUrl: server.url }) })
    app.dispatch({ type: 'platform/Start', reason: 'boot' }, 'script')
    const passwordRef = app.stashSecret(PASSWORD)
    app.dispatch({ type: 'session/SignIn', user: 'developer', passwordRef, rememberMe: false }, 'script')
    const signedIn = await until(app, isSignedIn)
    expect(signedIn.session.user?.name).toBe('developer')

    app.dispatch({ type: 'packages/OpenList', query: { ...defaultPackageQuery, name: 'react*' } }, 'script')
    const listed = await until(
      app,
      (s) => s.packages.list.status !== 'idle' && s.packages.list.status !== 'loading',
    )
    expect(listed.packages.list.status).toBe('loaded')
    const rows = listRows(listed.packages.list)
    expect(rows.rowCount).toBeGreaterThan(0)
    const names = rows.pages.flatMap((page) => page.map((p) => p.name))
    expect(names).toContain('react')
    expect(names.every((n) => n.toLowerCase().startsWith('react'))).toBe(true)

    // Nothing secret reached the log.
    expect(app.exportLog()).not.toContain(PASSWORD)
    app.dispose()
  })
})
