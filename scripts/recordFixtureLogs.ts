/**
 * Records the event logs kept in tests/fixtures/logs/: real headless sessions (the real bus,
 * effects and HTTP adapters) against the reference server on an ephemeral loopback port.
 * Run it only to add logs of a new format or new sessions: never to make a failing fixture
 * test pass (an event that changed needs an upcaster, so the old logs keep replaying).
 *   npx tsx scripts/recordFixtureLogs.ts --suffix=NewFormat [session …]
 * writes `<session><suffix>.ndjson` for the named sessions (all without a name), and refuses to
 * write over a kept log: a new format's logs go beside the older formats', never in their place.
 */
import { writeFileSync } from 'node:fs'
import { firstValueFrom, filter, debounceTime, timeout, merge, of } from 'rxjs'
import { createApp, type App } from '../composition/createApp'
import { createScriptPorts } from '../composition/scriptPorts'
import type { AppState } from '../domain/app'
import { defaultPackageQuery } from '../domain/packages/initial'
import { startTestServer } from '../tests/support/server'

const until = (app: App, done: (s: AppState) => boolean) =>
  firstValueFrom(app.state$.pipe(filter(done), timeout(30_000)))

// A script has no `settled()` to wait on yet: half a second without an event is quiet enough
// for a loopback server.
const quiet = (app: App) => firstValueFrom(merge(of(0), app.events$).pipe(debounceTime(500)))

type Session = (app: App, stash: (secret: string) => string) => Promise<void>

const sessions: Record<string, Session> = {
  // A developer signs in, searches, pages the package list and opens a package.
  async developerBrowsesPackages(app, stash) {
    app.dispatch({ type: 'platform/Start', reason: 'boot' }, 'script')
    await quiet(app)
    app.dispatch(
      { type: 'session/SignIn', user: 'developer', passwordRef: stash('password'), rememberMe: false },
      'script',
    )
    await until(app, (s) => s.session.status === 'signedIn')
    await quiet(app)
    app.dispatch({ type: 'search/ChangeText', text: 'react type:npm' }, 'script')
    app.dispatch({ type: 'search/Run' }, 'script')
    await quiet(app)
    app.dispatch({ type: 'packages/OpenList', query: { ...defaultPackageQuery, name: 'r*' } }, 'script')
    await until(app, (s) => s.packages.list.status === 'loaded')
    app.dispatch({ type: 'packages/LoadMore' }, 'script')
    await quiet(app)
    const first = app.getState().packages.list
    const id = first.status === 'loaded' ? first.data.pages[0]?.[0]?.id : undefined
    if (id) app.dispatch({ type: 'packages/OpenPackage', packageId: id }, 'script')
    await quiet(app)
  },
  // A wrong password, then the right one as admin, an admin page, and signing out.
  async adminAfterWrongPassword(app, stash) {
    app.dispatch({ type: 'platform/Start', reason: 'boot' }, 'script')
    await quiet(app)
    app.dispatch(
      { type: 'session/SignIn', user: 'admin', passwordRef: stash('wrong-one'), rememberMe: false },
      'script',
    )
    await quiet(app)
    app.dispatch(
      { type: 'session/SignIn', user: 'admin', passwordRef: stash('password'), rememberMe: true },
      'script',
    )
    await until(app, (s) => s.session.status === 'signedIn')
    await quiet(app)
    app.dispatch({ type: 'navigation/Navigate', to: '/ui/admin/security/users' }, 'script')
    await quiet(app)
    app.dispatch({ type: 'navigation/ToggleDebugPanel' }, 'script')
    app.dispatch({ type: 'session/SignOut', reason: 'logout' }, 'script')
    await quiet(app)
  },
}

async function main(args: ReadonlyArray<string>): Promise<void> {
  const suffix = args.find((a) => a.startsWith('--suffix='))?.slice('--suffix='.length) ?? ''
  const named = args.filter((a) => !a.startsWith('--'))
  const chosen = Object.entries(sessions).filter(([name]) => named.length === 0 || named.includes(name))
  const server = await startTestServer()
  try {
    for (const [name, run] of chosen) {
      const app = createApp({ ports: createScriptPorts({ platformUrl: server.url }) })
      await run(app, (secret) => app.stashSecret(secret))
      const file = `tests/fixtures/logs/${name}${suffix}.ndjson`
      // `wx`: a kept log is never written over (it records its build's format).
      writeFileSync(file, app.exportLog(), { flag: 'wx' })
      process.stdout.write(`${file}: ${app.exportLog().split('\n').length - 3} events\n`)
      app.dispose()
    }
  } finally {
    await server.stop()
  }
}

await main(process.argv.slice(2))
