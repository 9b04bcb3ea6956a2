// Renders the session area's chunk at a path, on an app seeded by events with fake ports.
import { render } from '@testing-library/react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { createApp, type App } from '../../composition/createApp'
import type { AppCommand, AppEvent } from '../../domain/app'
import type { Ports, Result, SessionApi, TokensApi } from '../../adapters/ports'
import type { UserData } from '../../domain/session/types'
import { AppProvider } from '../../ui/shared/appContext'
import { LentParts } from '../../ui/routes'
import SessionArea from '../../ui/session/index'
import * as SessionScreens from '../../ui/session/SessionScreens'
import { fakePorts, notFaked } from '../support/fakePorts'
import { right } from 'fp-ts/Either'
import { loginData, sessionApi as baseSessionApi } from '../support/fixtures'

export interface Harness {
  readonly app: App
  readonly ports: ReturnType<typeof fakePorts>
  /** Commands the views dispatched (navigation among them), in order. */
  readonly dispatched: AppCommand[]
  readonly types: () => string[]
}

export function renderSession(
  path: string,
  options: { seed?: AppEvent[]; sessionApi?: Partial<SessionApi>; ports?: Partial<Ports> } = {},
): Harness {
  // Like the server: once a call signs the user in, `current` answers that user.
  let signedIn: UserData | null = null
  const api = baseSessionApi(options.sessionApi ?? {})
  const remember =
    <A extends unknown[]>(call: (...a: A) => Promise<Result<UserData>>) =>
    async (...a: A) => {
      const answer = await call(...a)
      if (answer._tag === 'Right' && answer.right.mfaStatus === 'NONE') signedIn = answer.right
      return answer
    }
  const sessionApi: SessionApi = {
    ...api,
    login: remember(api.login),
    verifyOtp: remember(api.verifyOtp),
    resetPassword: remember(api.resetPassword),
    changePassword: remember(api.changePassword),
    register: remember(api.register),
    acceptInvitation: remember(api.acceptInvitation),
    ssoLogin: remember(api.ssoLogin),
    current: async () => (signedIn ? { _tag: 'Right', right: signedIn } : api.current()),
  }
  // The profile screen lists the user's access tokens: none, unless a test says otherwise.
  const tokensApi: TokensApi = {
    ...notFaked<TokensApi>(),
    list: async () => right({ tokens: [], defaultDays: 30, maxDays: 365 }),
  }
  const ports = fakePorts({ sessionApi, tokensApi, ...options.ports })
  const app = createApp({ ports, seed: options.seed ?? [loginData()] })
  const dispatched: AppCommand[] = []
  const original = app.dispatch.bind(app)
  app.dispatch = (command, source) => {
    dispatched.push(command)
    original(command, source)
  }
  const [pathname = '/', search = ''] = path.split('?')
  const { hook, searchHook } = memoryLocation({ path: pathname, searchPath: search })
  render(
    <AppProvider app={app}>
      <Router hook={hook} searchHook={searchHook}>
        <LentParts>
          <SessionArea screens={SessionScreens} />
        </LentParts>
      </Router>
    </AppProvider>,
  )
  return {
    app,
    ports,
    dispatched,
    types: () =>
      JSON.parse(
        `[${app
          .exportLog()
          .trim()
          .split('\n')
          .filter((l) => l.includes('"kind":"event"'))
          .join(',')}]`,
      ).map((e: { type: string }) => e.type),
  }
}

export const navigated = (h: Harness) =>
  h.dispatched
    .filter((c) => (c as { type: string }).type === 'navigation/Navigate')
    .map((c) => (c as unknown as { to: string }).to)
