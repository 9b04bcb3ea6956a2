/**
 * Identity tracking against the real server, through the real bus, effects and HTTP adapter
 * (script ports): `POST ui/userIdentifyToken/{name}` after login gives the lifetime that is
 * recorded; logout resets the identity except in the tour flavour.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createApp, type App } from '../../composition/createApp'
import { createScriptPorts } from '../../composition/scriptPorts'
import { IDENTITY_TOKEN_SECONDS } from '../../server/auth/profileRoutes'
import { until } from '../support/wait'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer | undefined
let app: App | undefined
afterEach(async () => {
  app?.dispose()
  await server?.stop()
})

async function signInAndOut(flavour: string) {
  // A distinctive password, so the log can be searched for it.
  server = await startTestServer({ userPassword: 'Identity-Secret-9d2c' }, { PLATFORM_FLAVOUR: flavour })
  app = createApp({ ports: createScriptPorts({ platformUrl: server.url }) })
  const types: string[] = []
  app.events$.subscribe((e) => types.push(e.event.type))
  app.dispatch({ type: 'platform/Start', reason: 'boot' }, 'script')
  await until(app, (s) => s.platform.footer !== null)
  const passwordRef = app.stashSecret(server.config.userPassword)
  app.dispatch({ type: 'session/SignIn', user: 'developer', passwordRef, rememberMe: false }, 'script')
  const identified = await until(app, (s) => s.session.identity !== null)
  app.dispatch({ type: 'session/SignOut', reason: 'logout' }, 'script')
  // The sign-out's policy asks for the identity's reset (or not, in the tour) before it sends
  // the browser to login: the login page proves the decision was made.
  const signedOut = await until(
    app,
    (s) => s.session.status === 'anonymous' && s.navigation.location.path === '/login',
  )
  return { identified, signedOut, types, log: app.exportLog() }
}

describe('identity tracking (real server)', () => {
  it('platform: set after login with the server lifetime, reset on logout', async () => {
    const { identified, types, log } = await signInAndOut('platform')
    expect(identified.session.identity).toMatchObject({
      user: 'developer',
      expiresIn: IDENTITY_TOKEN_SECONDS,
    })
    expect(types.filter((t) => t === 'session/IdentityReset')).toHaveLength(1)
    expect(app?.getState().session.identity).toBeNull()
    expect(log).not.toContain('Identity-Secret-9d2c')
  })

  it('tour: set after login, not reset on logout', async () => {
    const { identified, signedOut, types } = await signInAndOut('tour')
    expect(identified.session.identity?.expiresIn).toBe(IDENTITY_TOKEN_SECONDS)
    expect(signedOut.platform.footer?.flavour).toBe('tour')
    expect(types).toContain('session/SignedOut')
    expect(types).not.toContain('session/IdentityReset')
    expect(app?.getState().session.identity?.user).toBe('developer')
  })
})
