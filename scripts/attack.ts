/**
 * `npm run attack [-- --rounds N]`: the registry security run of the platform's security
 * issue, against a fresh platform as `npm start` runs it (two processes on one data folder, as
 * two nodes of a cluster share it, on 127.0.0.1 only), as an attacker would make it: a
 * read-only account's writes (over HTTP and with the npm CLI), impostor versions (npm install
 * and a virtual's `latest` too), registry passwords of a user who must use MFA, tokens revoked
 * or ended by an admin's change, the blob race across nodes, an attacker's Host header with SAML,
 * unauthenticated large bodies, a decompression bomb, secrets in a support bundle, a stored git
 * token sent elsewhere, the connection test as an address oracle, and the lesser items. Prints
 * each check's result and exits 1 if any failed (ATTACK_DEBUG=1: the npm CLI's refusals too).
 * Everything it starts stops with it.
 */
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { createGzip, gzipSync } from 'node:zlib'
import { strFromU8, unzipSync } from 'fflate'
import { openDatabase } from '../server/db'
import { sqliteSql } from '../server/db/sqliteSql'
import { LOCAL_IDP_USERS } from '../server/sso/localIdpUsers'
import { startLocalSamlIdp } from '../server/sso/localSamlIdp'
import { startPlatformProcess, type PlatformProcess } from '../tests/support/platformProcess'
import { npmCli, type NpmAnswer } from '../tests/support/npmCli'
import { npmTarball, publishDocument, tarHeader } from '../tests/support/npmTarball'
import { createSession } from '../tests/server/helpers/sessions'
import { blobFiles } from '../tests/server/helpers/blobFiles'

const roundsArg = process.argv.indexOf('--rounds')
// 5 lanes of 1,400: more acknowledged deploys than the issue's run (6,800 PUTs).
const ROUNDS = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 1400
const LANES = 5
const API = '/ui/api/v1'

/** Secrets in the platform's environment, each unlike anything else a bundle holds. */
const SEEDED: Record<string, string> = {
  NPM_TOKEN: 'npm_Q7t2bLw9Zx4Kc8Vd1Rm5Hs3Jp6Fy0Ng',
  REPLICA_DATABASE_URL: 'postgres://app:Db-Pa55-9xq@db.internal.test:5432/platform',
  SLACK_WEBHOOK_URL: 'https://hooks.slack.test/services/T0A1B2C3/B4D5E6F7/w8X9y0Z1a2B3c4D5',
  SIGNING_KEY: 'sk-live-3f9a7c1e5b2d8046',
  BUILD_NOTE: 'ghp_9aZ8bY7cX6dW5eV4fU3gT2hS1iR0jQ',
}
const ADMIN_PASSWORD = 'Adm1n-pw-Seeded'
const MALLORY = { name: 'mallory', password: 'Mall0ry-pw-1234!' }

let failures = 0
function report(item: string, ok: boolean, what: string) {
  if (!ok) failures++
  console.log(`${item.padEnd(8)} ${ok ? 'refused' : 'BROKEN '}  ${what}`)
}

const stopping: Array<() => Promise<void> | void> = []
const work = mkdtempSync(join(tmpdir(), 'attack-'))
stopping.push(() => rmSync(work, { recursive: true, force: true }))

async function main() {
  const dataDir = join(work, 'data')
  const db = openDatabase(dataDir)
  const admin = await createSession(sqliteSql(db), { admin: true })
  db.close()
  const env = { ...SEEDED, ADMIN_PASSWORD, PLATFORM_FLAVOUR: 'platform' }
  const nodes: PlatformProcess[] = await Promise.all([
    startPlatformProcess(dataDir, env),
    startPlatformProcess(dataDir, env),
  ])
  for (const n of nodes) stopping.unshift(() => n.stop())
  const [a, b] = nodes as [PlatformProcess, PlatformProcess]
  const url = a.url
  const browser = (cookie = admin.cookie, base = url) => ({
    'content-type': 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    origin: new URL(base).origin,
    cookie,
  })
  const adminCall = (method: string, path: string, body?: unknown) =>
    fetch(`${url}${API}${path}`, {
      method,
      headers: browser(),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  const basic = (u: { name: string; password: string }) =>
    `Basic ${Buffer.from(`${u.name}:${u.password}`).toString('base64')}`
  const cli = npmCli(work)
  /** An .npmrc for `repo` with `auth` (`_auth=…`, `_authToken=…`), as `npm login` leaves one. */
  let rcs = 0
  const npmrc = (repo: string, auth: string) => {
    const path = join(work, `npmrc-${++rcs}`)
    const registry = `${url}/artifactory/api/npm/${repo}/`
    writeFileSync(path, `registry=${registry}\n//${new URL(url).host}/artifactory/api/npm/${repo}/:${auth}\n`)
    return path
  }
  const passwordRc = (repo: string, u: { name: string; password: string }) =>
    npmrc(repo, `_auth=${Buffer.from(`${u.name}:${u.password}`).toString('base64')}`)
  /** The npm CLI in `dir` (a package, or a project) with .npmrc `rc`: 0, or its failure's HTTP status (-1: none said). */
  const npmAs = async (args: string[], rc: string, dir = work) => {
    const registry = /^registry=(.*)$/m.exec(readFileSync(rc, 'utf8'))![1]!
    const answer: NpmAnswer = await cli.npm([...args, '--registry', registry], dir, rc)
    if (answer.failed && process.env.ATTACK_DEBUG) console.log(args.join(' '), answer.stderr)
    return answer.failed ? Number(/\b([45]\d\d)\b/.exec(answer.stderr)?.[1] ?? -1) : 0
  }
  const signIn = async (u: { name: string; password: string }) => {
    const res = await fetch(`${url}${API}/ui/auth/login?_spring_security_remember_me=false`, {
      method: 'POST',
      headers: browser(''),
      body: JSON.stringify({ user: u.name, password: u.password, type: 'login' }),
    })
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('console_session='))
      ?.split(';')[0]
    if (res.status !== 200 || !cookie) throw new Error(`signing ${u.name} in: ${res.status}`)
    return cookie
  }
  const tokenFor = async (cookie: string) => {
    const res = await fetch(`${url}${API}/ui/tokens`, {
      method: 'POST',
      headers: browser(cookie),
      body: JSON.stringify({ description: 'attack', access: 'deploy' }),
    })
    if (res.status !== 201) throw new Error(`a token: ${res.status} ${await res.text()}`)
    return (await res.json()) as { token: string; id: string }
  }
  /** `npm whoami` with a token: 0 when it still works, else the refusal's status. */
  const whoamiWith = (token: string) => npmAs(['whoami'], npmrc('npm-local', `_authToken=${token}`))

  const created = await adminCall('POST', '/ui/admin/users', {
    name: MALLORY.name,
    email: 'mallory@example.invalid',
    password: MALLORY.password,
  })
  if (created.status !== 201) throw new Error(`creating mallory: ${created.status} ${await created.text()}`)
  const tokenRes = await adminCall('POST', '/ui/npm/token', {})
  const adminToken = ((await tokenRes.json()) as { token: string }).token
  const npm = (rest: string) => `${url}/artifactory/api/npm/npm-local/${rest}`
  const publishAs = (auth: string, name: string, body: unknown) =>
    fetch(npm(encodeURIComponent(name)), {
      method: 'PUT',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const generic = (node: PlatformProcess, path: string) => `${node.url}/artifactory/generic-local/${path}`
  const fileWrite = (node: PlatformProcess, path: string, method: string, body?: string) =>
    fetch(generic(node, path), {
      method,
      headers: { ...browser(admin.cookie, node.url), 'content-type': 'application/octet-stream' },
      ...(body === undefined ? {} : { body }),
    })

  // 1 ---------------------------------------------------------------- writes ignore permissions
  {
    await publishAs(
      `Bearer ${adminToken}`,
      'victim-lib',
      publishDocument('victim-lib', '1.0.0', npmTarball('victim-lib', '1.0.0')),
    )
    await fileWrite(a, 'victim/file.txt', 'PUT', 'the victim’s bytes')
    const m = basic(MALLORY)
    const answers = [
      (
        await publishAs(
          m,
          'mallory-lib',
          publishDocument('mallory-lib', '1.0.0', npmTarball('mallory-lib', '1.0.0')),
        )
      ).status,
      (
        await publishAs(
          m,
          'victim-lib',
          publishDocument('victim-lib', '1.0.1', npmTarball('victim-lib', '1.0.1')),
        )
      ).status,
      (await fetch(npm('victim-lib/-rev/1'), { method: 'DELETE', headers: { authorization: m } })).status,
      (await fetch(generic(a, 'mallory.txt'), { method: 'PUT', headers: { authorization: m }, body: 'x' }))
        .status,
      (
        await fetch(generic(a, 'victim/file.txt'), {
          method: 'PUT',
          headers: { authorization: m },
          body: 'x',
        })
      ).status,
      (await fetch(generic(a, 'victim'), { method: 'DELETE', headers: { authorization: m } })).status,
    ]
    const still = await (await fetch(generic(a, 'victim/file.txt'), { headers: { authorization: m } })).text()
    report(
      '1',
      answers.every((s) => s === 403) && still === 'the victim’s bytes',
      `a read-only user's publish, re-publish, unpublish, PUT, overwrite, folder DELETE: ${answers.join(', ')}`,
    )
    // The same with the real npm CLI, with the password in .npmrc as `npm login` leaves it.
    const rc = passwordRc('npm-local', MALLORY)
    const cliAnswers = [
      await npmAs(['publish'], rc, cli.makePackage('mallory-cli', '1.0.0', '# mine\n')),
      await npmAs(['publish'], rc, cli.makePackage('victim-lib', '1.0.1', '# not the victim\n')),
      await npmAs(['unpublish', 'victim-lib@1.0.0', '--force'], rc),
      await npmAs(['unpublish', 'victim-lib', '--force'], rc),
      await npmAs(['dist-tag', 'add', 'victim-lib@1.0.0', 'evil'], rc),
    ]
    const seen = (await (await fetch(npm('victim-lib'), { headers: { authorization: m } })).json()) as {
      'dist-tags': Record<string, string>
      versions: Record<string, unknown>
    }
    report(
      '1 (npm)',
      cliAnswers.every((s) => s === 403) &&
        Object.keys(seen.versions).join() === '1.0.0' &&
        Object.keys(seen['dist-tags']).join() === 'latest',
      `npm publish, re-publish, unpublish of a version and of the package, dist-tag add as the read-only user: ` +
        `${cliAnswers.join(', ')}; victim-lib has ${Object.keys(seen.versions).join(', ')} and tags ${Object.keys(seen['dist-tags']).join(', ')}`,
    )
  }

  // 1 (paths) -------------------------------------------------------- writes above an excluded path
  {
    // A user who may deploy and delete in both local repositories, except under patterns: a
    // folder DELETE or an unpublish naming a path above the excluded part must take nothing.
    const P = { name: 'mallory-paths', password: MALLORY.password }
    await adminCall('POST', '/ui/admin/users', {
      name: P.name,
      email: 'mallory-paths@example.invalid',
      password: P.password,
    })
    const granted = await adminCall('POST', '/ui/admin/permissions', {
      name: 'attack-excluded-paths',
      repositories: ['generic-local', 'npm-local'],
      excludePatterns: ['team/releases/**', 'pinned-lib/-/pinned-lib-1.0.0.tgz'],
      users: { [P.name]: ['read', 'annotate', 'deploy', 'delete'] },
    })
    if (granted.status !== 201) throw new Error(`the grant: ${granted.status} ${await granted.text()}`)
    const p = basic(P)
    const asP = (target: string, method: string, body?: string) =>
      fetch(target, {
        method,
        headers: { authorization: p, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body }),
      }).then(async (r) => (await r.arrayBuffer(), r.status))
    await fileWrite(a, 'team/releases/app-1.0.bin', 'PUT', 'the release')
    for (const v of ['1.0.0', '1.1.0'])
      await publishAs(
        `Bearer ${adminToken}`,
        'pinned-lib',
        publishDocument('pinned-lib', v, npmTarball('pinned-lib', v)),
      )
    // What the grant does allow, so that the refusals below are the patterns' doing.
    const allowed = [
      await asP(generic(a, 'team/notes.txt'), 'PUT', 'mine'),
      await asP(generic(a, 'team/drafts/a.txt'), 'PUT', 'draft'),
      await asP(generic(a, 'team/drafts'), 'DELETE'),
    ]
    const doc = (await (await fetch(npm('pinned-lib'), { headers: { authorization: p } })).json()) as {
      versions: Record<string, unknown>
    }
    const withoutOld = JSON.stringify({ ...doc, versions: { '1.1.0': doc.versions['1.1.0'] } })
    const answers = [
      await asP(generic(a, 'team/releases'), 'DELETE'),
      await asP(generic(a, 'team'), 'DELETE'),
      await asP(npm('pinned-lib/-rev/1-x'), 'PUT', withoutOld),
      await asP(npm('pinned-lib/-rev/1-x'), 'DELETE'),
    ]
    const rc = passwordRc('npm-local', P)
    const cliAnswers = [
      await npmAs(['unpublish', 'pinned-lib@1.0.0', '--force'], rc),
      await npmAs(['unpublish', 'pinned-lib', '--force'], rc),
    ]
    const release = await (
      await fetch(generic(a, 'team/releases/app-1.0.bin'), { headers: { authorization: p } })
    ).text()
    const notes = await (await fetch(generic(a, 'team/notes.txt'), { headers: { authorization: p } })).text()
    const versions = Object.keys(
      (
        (await (await fetch(npm('pinned-lib'), { headers: { authorization: p } })).json()) as {
          versions: Record<string, unknown>
        }
      ).versions,
    ).sort()
    report(
      '1 (paths)',
      allowed.join() === '201,201,204' &&
        [...answers, ...cliAnswers].every((s) => s === 403) &&
        release === 'the release' &&
        notes === 'mine' &&
        versions.join() === '1.0.0,1.1.0',
      `excluded team/releases/** and pinned-lib-1.0.0.tgz (allowed: PUT, PUT, DELETE of a folder inside: ${allowed.join(', ')}): ` +
        `DELETE team/releases, DELETE team, PUT /-rev without 1.0.0, DELETE /-rev: ${answers.join(', ')}; ` +
        `npm unpublish pinned-lib@1.0.0 and pinned-lib: ${cliAnswers.join(', ')}; ` +
        `the release ${release === 'the release' ? 'kept' : 'GONE'}, team/notes.txt ${notes === 'mine' ? 'kept' : 'GONE'}, ` +
        `pinned-lib has ${versions.join(', ')}`,
    )
  }

  // 2 ---------------------------------------------------------------- versions not normalised
  {
    const impostors = ['v1.0.0', ' 1.0.0', '1.0.0 ', '=1.0.0']
    const answers = []
    for (const v of impostors)
      answers.push(
        (
          await publishAs(
            `Bearer ${adminToken}`,
            'victim-lib',
            publishDocument('victim-lib', v, npmTarball('victim-lib', v)),
          )
        ).status,
      )
    const doc = (await (
      await fetch(npm('victim-lib'), { headers: { authorization: basic(MALLORY) } })
    ).json()) as {
      'dist-tags': Record<string, string>
      versions: Record<string, unknown>
    }
    report(
      '2',
      answers.every((s) => s === 400) &&
        doc['dist-tags'].latest === '1.0.0' &&
        Object.keys(doc.versions).length === 1,
      `impostor versions ${impostors.map((v) => JSON.stringify(v)).join(', ')} beside 1.0.0: ${answers.join(', ')}; ` +
        `latest ${JSON.stringify(doc['dist-tags'].latest)}, versions ${Object.keys(doc.versions).join(', ')}`,
    )

    // With the npm CLI: an impostor of the version, as a user who may deploy; then what
    // `npm install victim-lib@^1.0.0` installs. And a higher version in a local member does not
    // become the `latest` of a virtual whose earlier member holds the package.
    const adminRc = (repo: string) => npmrc(repo, `_authToken=${adminToken}`)
    const impostors2 = []
    for (const v of ['v1.0.0', '1.0.0'])
      impostors2.push(
        await npmAs(['publish'], adminRc('npm-local'), cli.makePackage('victim-lib', v, '# impostor\n')),
      )
    const made = mkdtempSync(join(work, 'install-'))
    writeFileSync(join(made, 'package.json'), JSON.stringify({ name: 'installer', version: '1.0.0' }))
    const installed = await npmAs(['install', 'victim-lib@^1.0.0'], passwordRc('npm-local', MALLORY), made)
    const index = readFileSafe(join(made, 'node_modules', 'victim-lib', 'index.js'))
    for (const body of [
      { key: 'team-upstream', kind: 'local', packageType: 'npm' },
      {
        key: 'npm-team',
        kind: 'virtual',
        packageType: 'npm',
        members: ['team-upstream', 'npm-local'],
        defaultDeploymentRepo: 'npm-local',
      },
    ])
      await adminCall('POST', '/repositories', body)
    await npmAs(
      ['publish'],
      adminRc('team-upstream'),
      cli.makePackage('react-like', '18.3.1', '# the real one\n'),
    )
    const higher = await npmAs(
      ['publish'],
      adminRc('npm-local'),
      cli.makePackage('react-like', '99.0.0', '# higher\n'),
    )
    const team = mkdtempSync(join(work, 'install-'))
    writeFileSync(join(team, 'package.json'), JSON.stringify({ name: 'installer', version: '1.0.0' }))
    await npmAs(['install', 'react-like'], passwordRc('npm-team', MALLORY), team)
    const teamVersion = (
      JSON.parse(readFileSafe(join(team, 'node_modules', 'react-like', 'package.json')) || '{}') as {
        version?: string
      }
    ).version
    report(
      '2 (npm)',
      impostors2.every((s) => s !== 0) &&
        installed === 0 &&
        index === '1\n' &&
        higher === 0 &&
        teamVersion === '18.3.1',
      `npm publish of victim-lib as v1.0.0 and 1.0.0 again: ${impostors2.map((s) => (s === -1 ? 'cannot publish over' : s)).join(', ')}; npm install victim-lib@^1.0.0 ` +
        `${installed === 0 ? (index === '1\n' ? "installed the victim's bytes" : 'installed OTHER bytes') : `failed ${installed}`}; ` +
        `react-like 99.0.0 into npm-local (${higher}), npm install react-like from the virtual: ${teamVersion ?? 'nothing'}`,
    )
  }

  // 3 ---------------------------------------------------------------- credentials that do not end
  {
    // A user who must use MFA: the password opens no registry door (npm login, _auth, Basic).
    const MFA = { name: 'mallory-mfa', password: 'Mfa-mall0ry-pw-55!' }
    await adminCall('POST', '/ui/admin/users', {
      name: MFA.name,
      email: 'mfa@example.invalid',
      password: MFA.password,
      mfaRequired: true,
    })
    const couch = await fetch(npm(`-/user/org.couchdb.user:${MFA.name}`), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        _id: `org.couchdb.user:${MFA.name}`,
        name: MFA.name,
        password: MFA.password,
        type: 'user',
      }),
    })
    const mfaAnswers = [
      couch.status,
      // (`npm whoami` with a password answers from .npmrc alone: a read asks the registry.)
      await npmAs(['view', 'victim-lib', 'version'], passwordRc('npm-local', MFA)),
      (await fetch(npm('-/whoami'), { headers: { authorization: basic(MFA) } })).status,
      (await fetch(`${url}/v2/token`, { headers: { authorization: basic(MFA) } })).status,
    ]
    report(
      '3 (MFA)',
      mfaAnswers.every((s) => s === 401),
      `a user who must use MFA: npm login (CouchDB) ${mfaAnswers[0]}, npm view with _auth ${mfaAnswers[1]}, ` +
        `Basic ${mfaAnswers[2]}, the container registry's token endpoint ${mfaAnswers[3]}`,
    )

    // Tokens revoked by their owner and by an admin, and ended by an admin's change to the user.
    const cookie = await signIn(MALLORY)
    const byOwner = await tokenFor(cookie)
    const byAdmin = await tokenFor(cookie)
    const before = [await whoamiWith(byOwner.token), await whoamiWith(byAdmin.token)]
    const { 'content-type': _json, ...deleting } = browser(cookie)
    await fetch(`${url}${API}/ui/tokens/${byOwner.id}`, { method: 'DELETE', headers: deleting })
    await fetch(`${url}${API}/ui/admin/tokens/${byAdmin.id}`, {
      method: 'DELETE',
      headers: (({ 'content-type': _c, ...h }) => h)(browser()),
    })
    const revoked = [await whoamiWith(byOwner.token), await whoamiWith(byAdmin.token)]
    const changes: Array<[string, Record<string, unknown>]> = [
      ['password reset', { password: 'A-new-Passw0rd-77' }],
      ['password expired', { passwordExpired: true }],
      ['credentials expired', { credentialsExpired: true }],
    ]
    const ended: string[] = []
    let endedAll = true
    for (const [i, [what, change]] of changes.entries()) {
      const u = { name: `mallory-${i}`, password: MALLORY.password }
      await adminCall('POST', '/ui/admin/users', {
        name: u.name,
        email: `${u.name}@example.invalid`,
        password: u.password,
      })
      const { token } = await tokenFor(await signIn(u))
      const live = await whoamiWith(token)
      await adminCall('PUT', `/ui/admin/users/${u.name}`, change)
      const after = await whoamiWith(token)
      endedAll &&= live === 0 && after === 401
      ended.push(`${what} ${live === 0 ? 'ok' : live} → ${after === 0 ? 'STILL WORKS' : after}`)
    }
    report(
      '3 (tokens)',
      before.every((s) => s === 0) && revoked.every((s) => s === 401) && endedAll,
      `npm whoami with a token revoked by its owner ${revoked[0]}, by an admin ${revoked[1]}; ` +
        `after an admin's change: ${ended.join(', ')}`,
    )

    const got = await fetch(`${url}/v2/token`, { headers: { authorization: basic(MALLORY) } })
    const { token } = (await got.json()) as { token: string }
    const whoami = () =>
      fetch(npm('-/whoami'), { headers: { authorization: basic(MALLORY) } }).then((r) => r.status)
    const tags = () =>
      fetch(`${url}/v2/docker-local/any/tags/list`, { headers: { authorization: `Bearer ${token}` } }).then(
        (r) => r.status,
      )
    const beforeExpiry = [await whoami(), await tags()]
    await adminCall('PUT', `/ui/admin/users/${MALLORY.name}`, { credentialsExpired: true })
    const after = [await whoami(), await tags()]
    report(
      '3',
      beforeExpiry[0] === 200 && after.every((s) => s === 401),
      `after an admin expired the user's credentials: the password (npm whoami) ${beforeExpiry[0]} → ${after[0]}, ` +
        `a container registry token ${beforeExpiry[1]} → ${after[1]}`,
    )
  }

  // 4 ---------------------------------------------------------------- the blob race
  {
    let acknowledged = 0
    const lost: string[] = []
    const lane = async (n: number) => {
      for (let round = 0; round < ROUNDS; round++) {
        const bytes = `lane ${n} round ${round}\n`
        const twin = `race/${n}/twin.bin`
        const kept = `race/${n}/kept.bin`
        await (await fileWrite(b, twin, 'PUT', bytes)).arrayBuffer()
        const [deleted, deployed] = await Promise.all([
          fileWrite(b, twin, 'DELETE'),
          fileWrite(a, kept, 'PUT', bytes),
        ])
        await Promise.all([deleted.arrayBuffer(), deployed.arrayBuffer()])
        if (deployed.status !== 201) continue
        acknowledged++
        for (const node of [a, b]) {
          const got = await fetch(generic(node, kept), { headers: { cookie: admin.cookie } })
          if (got.status !== 200 || (await got.text()) !== bytes)
            lost.push(`${kept} round ${round}: ${got.status}`)
        }
      }
    }
    await Promise.all(Array.from({ length: LANES }, (_, n) => lane(n)))
    report(
      '4',
      lost.length === 0 && acknowledged === ROUNDS * LANES,
      `${lost.length} of ${acknowledged} acknowledged deploys lost (of ${ROUNDS * LANES}) while a twin path was deleted on the other node`,
    )
  }

  // 5 ---------------------------------------------------------------- SAML audience from Host
  {
    const EVIL = 'evil.example:9163'
    const evilSso = (rest: string) => `http://${EVIL}${API}/ui/auth/sso/saml${rest}`
    const idp = await startLocalSamlIdp({
      spEntityId: evilSso('/metadata'),
      acsUrls: [evilSso('/acs')],
      spSloUrl: evilSso('/slo'),
    })
    stopping.unshift(() => idp.stop())
    const settings = {
      enabled: true,
      providerName: 'Attacker IdP',
      binding: 'redirect',
      autoRedirect: false,
      idpSsoUrl: idp.ssoUrl,
      idpSloUrl: idp.sloUrl,
      idpIssuer: idp.entityId,
      idpCertificate: idp.certificate,
    }
    const withoutBase = await adminCall('PUT', '/ui/admin/saml', settings)
    const evilAttempt = async () => {
      const started = await raw(url, `${API}/ui/auth/sso/saml/start`, { host: EVIL })
      const page = started.location?.startsWith(idp.ssoUrl)
        ? await (await fetch(started.location)).text()
        : ''
      const requestId = /name="requestId" value="([^"]*)"/.exec(page)?.[1]
      const samlResponse = idp.issue({
        user: LOCAL_IDP_USERS[0]!,
        inResponseTo: requestId ?? '_no-request',
        acsUrl: evilSso('/acs'),
        audience: evilSso('/metadata'),
      })
      const form = new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '/ui/' }).toString()
      return raw(url, `${API}/ui/auth/sso/saml/acs`, {
        host: EVIL,
        method: 'POST',
        body: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
    }
    const signedInNoBase = /console_session=[^;]/.test((await evilAttempt()).cookies.join(';'))
    await adminCall('PUT', '/ui/admin/generalConfig', { baseUrl: `${url}/` })
    const withBase = await adminCall('PUT', '/ui/admin/saml', settings)
    const metadata = await raw(url, `${API}/ui/auth/sso/saml/metadata`, { host: EVIL })
    const signedIn = /console_session=[^;]/.test((await evilAttempt()).cookies.join(';'))
    await adminCall('PUT', '/ui/admin/saml', { ...settings, enabled: false })
    await adminCall('PUT', '/ui/admin/generalConfig', { baseUrl: '' })
    report(
      '5',
      withoutBase.status === 400 &&
        !signedInNoBase &&
        withBase.ok &&
        metadata.status === 200 &&
        !metadata.text.includes('evil.example') &&
        !signedIn,
      `enabling without a base URL: ${withoutBase.status}; with one: ${withBase.status}, metadata for an evil Host ` +
        `${metadata.text.includes('evil.example') ? 'names it' : 'does not name it'}; an assertion for the evil audience ` +
        `${signedInNoBase || signedIn ? 'SIGNED IN' : 'signed no one in'}`,
    )
  }

  // 6 ---------------------------------------------------------------- unauthenticated large bodies
  {
    const before = treeRss(a.pid)
    let peak = before
    const sampling = setInterval(() => (peak = Math.max(peak, treeRss(a.pid))), 50)
    const declared = 95 * 1024 * 1024
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        bodyUntilAnswered(url, `/artifactory/api/npm/npm-local/big-${i}`, declared),
      ),
    )
    clearInterval(sampling)
    const statuses = [...new Set(results.map((r) => r.status))]
    const sentMb = Math.max(...results.map((r) => r.sent)) / 1024 / 1024
    const grewMb = (peak - before) / 1024 / 1024
    report(
      '6',
      statuses.length === 1 && statuses[0] === 401 && grewMb < 500,
      `60 unauthenticated 95 MB publish bodies: answered ${statuses.join(', ')} after at most ${sentMb.toFixed(1)} MB sent; ` +
        `the platform's processes grew ${grewMb.toFixed(0)} MB (from ${(before / 1024 / 1024).toFixed(0)} MB)`,
    )
  }

  // 6 (signed in) ---------------------------------------------------- a reader's large bodies
  {
    // A signed-in reader may send what no route of hers needs: a gzipped npm audit body of
    // some kilobytes that unpacks to 99 MB, 8 at once; then plain JSON bodies of 95 MB to the
    // routes that take JSON (audit, bulk advisories, dist-tags, unpublish, an unknown one).
    // (Mallory's credentials were expired above: another reader.)
    const R = { name: 'mallory-reader', password: MALLORY.password }
    await adminCall('POST', '/ui/admin/users', {
      name: R.name,
      email: 'mallory-reader@example.invalid',
      password: R.password,
    })
    const m = basic(R)
    const auditUrl = npm('-/npm/v1/security/audits/quick')
    const gzipped = (body: Buffer) =>
      fetch(auditUrl, {
        method: 'POST',
        headers: { authorization: m, 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: new Uint8Array(body),
      }).then(async (r) => (await r.arrayBuffer(), r.status))
    const small = await gzipped(
      gzipSync(JSON.stringify({ name: 'app', version: '1.0.0', requires: {}, dependencies: {} })),
    )
    const bomb = gzipSync(`{"name":"app","pad":"${'0'.repeat(99 * 1024 * 1024)}"}`, { level: 9 })
    let before = treeRss(a.pid)
    let peak = before
    let sampling = setInterval(() => (peak = Math.max(peak, treeRss(a.pid))), 50)
    const bombs = await Promise.all(Array.from({ length: 8 }, () => gzipped(bomb)))
    clearInterval(sampling)
    const bombGrew = (peak - before) / 1024 / 1024
    report(
      '6 (gzip)',
      small === 200 && bombs.every((s) => s === 413) && bombGrew < 200,
      `a gzipped npm audit of ${(bomb.length / 1024).toFixed(0)} KB unpacking to 99 MB, 8 at once from a reader: ` +
        `${[...new Set(bombs)].join(', ')} (a small one: ${small}); the platform's processes grew ${bombGrew.toFixed(0)} MB`,
    )

    const routes: Array<[string, string, string]> = [
      ['audit', 'POST', '/artifactory/api/npm/npm-local/-/npm/v1/security/audits/quick'],
      ['bulk advisories', 'POST', '/artifactory/api/npm/npm-local/-/npm/v1/security/advisories/bulk'],
      ['dist-tag', 'PUT', '/artifactory/api/npm/npm-local/-/package/victim-lib/dist-tags/evil'],
      ['unpublish', 'PUT', '/artifactory/api/npm/npm-local/victim-lib/-rev/1-x'],
      ['unknown', 'POST', '/artifactory/api/npm/npm-local/-/anything'],
    ]
    before = treeRss(a.pid)
    peak = before
    sampling = setInterval(() => (peak = Math.max(peak, treeRss(a.pid))), 50)
    const declared = 95 * 1024 * 1024
    const plain = await Promise.all(
      routes.map(([, method, path]) => bodyUntilAnswered(url, path, declared, { method, authorization: m })),
    )
    clearInterval(sampling)
    const plainGrew = (peak - before) / 1024 / 1024
    report(
      '6 (JSON)',
      // Refused unread (403 where she may not write, 404 where no route is) or past a limit (413).
      plain.every((r) => [403, 404, 413].includes(r.status) && r.sent < declared) && plainGrew < 200,
      `95 MB JSON bodies from a reader: ${routes.map(([what], i) => `${what} ${plain[i]!.status} after ${(plain[i]!.sent / 1024 / 1024).toFixed(0)} MB`).join(', ')}; ` +
        `the platform's processes grew ${plainGrew.toFixed(0)} MB`,
    )
  }

  // 7 ---------------------------------------------------------------- decompression amplification
  {
    const name = 'readme-bomb'
    const readme = 200 * 1024 * 1024
    const manifest = Buffer.from(JSON.stringify({ name, version: '1.0.0' }))
    const tgz = await gzip(
      (function* () {
        yield tarHeader('package/package.json', manifest.length)
        yield Buffer.concat([manifest, Buffer.alloc(512 - manifest.length)])
        yield tarHeader('package/README.md', readme)
        const chunk = Buffer.alloc(1024 * 1024, 0x61)
        for (let i = 0; i < readme / chunk.length; i++) yield chunk
      })(),
    )
    const dbBefore = databaseBytes(dataDir)
    let slowest = 0
    let pinging = true
    const pings = (async () => {
      while (pinging) {
        const t = performance.now()
        await (await fetch(`${url}${API}/system/ping`)).text()
        slowest = Math.max(slowest, performance.now() - t)
      }
    })()
    const res = await publishAs(`Bearer ${adminToken}`, name, publishDocument(name, '1.0.0', tgz))
    pinging = false
    await pings
    const grew = (databaseBytes(dataDir) - dbBefore) / 1024 / 1024
    report(
      '7',
      res.status === 413 && grew < 10,
      `a ${(tgz.length / 1024).toFixed(0)} KB tarball holding a 200 MB README: ${res.status}; database and WAL grew ` +
        `${grew.toFixed(1)} MB; slowest /system/ping meanwhile ${slowest.toFixed(0)} ms`,
    )
  }

  // 8 ---------------------------------------------------------------- secrets in support bundles
  {
    const GIT_TOKEN = 'glpat-Integration-7Tk3n-Q2w9'
    await adminCall('POST', '/integration', {
      integrationName: 'bundle-secrets',
      userName: 'octo',
      url: 'https://git.example.test/api/v3/',
      vendorName: 1,
      integrationType: 1,
      token: GIT_TOKEN,
    })
    await fetch(`${url}${API}/system/ping?leak=${encodeURIComponent(SEEDED.NPM_TOKEN!)}`)
    // In a logged path, percent-encoded as a client sends it (a URL secret's `/` and `:` too),
    // with a token the platform issued (kept only as a hash): each node's request log holds them.
    for (const node of [a, b])
      for (const secret of [...Object.values(SEEDED), adminToken])
        await (await fetch(`${node.url}${API}/system/ping/${encodeURIComponent(secret)}`)).arrayBuffer()
    const res = await adminCall('POST', '/ui/userSupport/generateBundle', {
      name: 'secrets',
      description: '',
      service: 'artifactory',
      parameters: { thread_dump: { count: '1', interval: 0 } },
    })
    const { id } = (await res.json()) as { id: string }
    for (let i = 0; i < 200; i++) {
      const list = (await (await adminCall('GET', '/ui/userSupport/listBundles')).json()) as Array<{
        id: string
        status: string
      }>
      if (list.some((x) => x.id === id && x.status !== 'in progress')) break
      await new Promise((r) => setTimeout(r, 100))
    }
    const zip = await adminCall('GET', `/ui/userSupport/downloadBundle/${id}`)
    const entries = unzipSync(new Uint8Array(await zip.arrayBuffer()))
    const secrets = [...Object.values(SEEDED), 'Db-Pa55-9xq', GIT_TOKEN, ADMIN_PASSWORD, adminToken]
    const leaks = Object.entries(entries).flatMap(([file, bytes]) => {
      const text = strFromU8(bytes)
      return secrets
        .filter((s) => text.includes(s) || text.includes(encodeURIComponent(s)))
        .map((s) => `${file}: ${s}`)
    })
    const dumps = Object.keys(entries).filter((n) => n.startsWith('thread-dumps/')).length
    report(
      '8',
      zip.ok && dumps > 0 && leaks.length === 0,
      `a bundle of ${Object.keys(entries).length} files (${dumps} thread dumps) from processes started with ` +
        `${Object.keys(SEEDED).length} secrets in their environment: ${leaks.length} found${leaks.length ? ` (${leaks.join('; ')})` : ''}`,
    )
  }

  // 9, 10 ------------------------------------------------------------ git tokens and the address oracle
  {
    const form = { userName: 'octo', vendorName: 1, integrationType: 1 }
    const vendor = await standIn('kept-token')
    const elsewhere = await standIn('other-token')
    const created = await adminCall('POST', '/integration', {
      ...form,
      integrationName: 'kept',
      url: vendor.url,
      token: 'kept-token',
    })
    const key = ((await created.json()) as { data: string }).data
    const moved = await adminCall('POST', '/integration/test', {
      ...form,
      url: elsewhere.url,
      integrationKey: key,
    })
    const changed = await adminCall('PUT', `/integration/${key}`, {
      ...form,
      integrationName: 'kept',
      url: elsewhere.url,
      integrationKey: key,
    })
    await adminCall('GET', `/integration/${key}/repositories`)
    report(
      '9',
      moved.status === 400 && changed.status === 400 && elsewhere.seen.length === 0,
      `the stored token at another URL: test ${moved.status}, save ${changed.status}; ` +
        `${elsewhere.seen.length} requests reached the other address`,
    )

    const closed = await standIn(404)
    closed.server.close()
    const targets = [
      // Addresses no integration was saved with (the saved one's answers say why, by design).
      ['wrong token', (await standIn('right')).url],
      ['HTTP 404', (await standIn(404)).url],
      ['HTTP 403', (await standIn(403)).url],
      ['HTTP 500', (await standIn(500)).url],
      ['not HTTP', (await standIn('garbage')).url],
      ['no answer', (await standIn('silent')).url],
      ['closed port', closed.url],
    ] as const
    const answers = new Map<string, string[]>()
    for (const [what, target] of targets) {
      const res = await adminCall('POST', '/integration/test', { ...form, url: target, token: 'wrong' })
      const answer = `${res.status} ${await res.text()}`
      answers.set(answer, [...(answers.get(answer) ?? []), what])
    }
    const metadata = []
    for (const target of [
      'http://169.254.169.254/latest/meta-data/',
      'http://2852039166/',
      'http://[::ffff:169.254.169.254]/',
    ])
      metadata.push(
        (await adminCall('POST', '/integration/test', { ...form, url: target, token: 't' })).status,
      )
    report(
      '10',
      answers.size === 1 && metadata.every((s) => s === 400),
      `the connection test for ${targets.map(([what]) => what).join(', ')}: ${answers.size} distinct answer(s)` +
        `${answers.size > 1 ? ` (${[...answers].map(([answer, what]) => `${what.join(', ')}: ${answer}`).join('; ')})` : ''}; ` +
        `metadata addresses: ${metadata.join(', ')}`,
    )
  }

  // 11 --------------------------------------------------------------- the lesser items
  {
    const adminAuth = `Bearer ${adminToken}`
    const blobsBefore = blobFiles(dataDir).length
    const good = npmTarball('lesser', '1.0.0', { 'README.md': 'x'.repeat(5000) })
    const corrupt = Buffer.from(good)
    corrupt.fill(0x41, 20, 60)
    const bad = [
      corrupt,
      good.subarray(0, good.length >> 1),
      Buffer.alloc(0),
      npmTarball('other-package', '1.0.0'),
    ]
    const badAnswers = []
    for (const tgz of bad)
      badAnswers.push((await publishAs(adminAuth, 'lesser', publishDocument('lesser', '1.0.0', tgz))).status)
    const orphans = blobFiles(dataDir).length - blobsBefore

    const tgz = npmTarball('unpub-me', '1.0.0')
    const sha = createHash('sha256').update(tgz).digest('hex')
    await publishAs(adminAuth, 'unpub-me', publishDocument('unpub-me', '1.0.0', tgz))
    // The admin's session: a client token is scoped to read and deploy.
    const { 'content-type': _json, ...session } = browser()
    const unpublished = (await fetch(npm('unpub-me/-rev/1'), { method: 'DELETE', headers: session })).status
    const kept = blobFiles(dataDir).some((p) => p.endsWith(sha))

    await fileWrite(a, 'tree/f.txt', 'PUT', 'a file')
    const under = (await fileWrite(a, 'tree/f.txt/child.txt', 'PUT', 'under a file')).status

    const doc = await raw(url, '/artifactory/api/npm/npm-local/victim-lib', {
      host: 'evil.example:9163',
      headers: { authorization: adminAuth },
    })
    const evilUrl = doc.text.includes('evil.example')
    report(
      '11',
      badAnswers.every((s) => s === 400) &&
        orphans === 0 &&
        unpublished === 200 &&
        !kept &&
        under === 409 &&
        !evilUrl,
      `corrupt, truncated, empty and other-package tarballs: ${badAnswers.join(', ')} (${orphans} blobs left); ` +
        `unpublish ${unpublished}, its tarball ${kept ? 'KEPT' : 'freed'}; a file under a file: ${under}; ` +
        `tarball URLs ${evilUrl ? 'FROM' : 'not from'} the Host header`,
    )
  }
}

/** The resident memory of a process and its descendants, in bytes (Linux /proc). */
function treeRss(root: number): number {
  const children = new Map<number, number[]>()
  for (const entry of readdirSafe('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)])
    } catch {
      // Gone meanwhile.
    }
  }
  let total = 0
  const walk = (pid: number) => {
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
      total += Number(rss ?? 0) * 1024
    } catch {
      // Gone meanwhile.
    }
    for (const c of children.get(pid) ?? []) walk(c)
  }
  walk(root)
  return total
}

function readFileSafe(path: string): string {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return ''
  }
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir)
  } catch {
    return []
  }
}

function databaseBytes(dataDir: string): number {
  let total = 0
  for (const f of ['platform.db', 'platform.db-wal'])
    try {
      total += statSync(join(dataDir, f)).size
    } catch {
      // Not there.
    }
  return total
}

/** Sends a body claiming `declared` bytes (PUT unless said), 1 MB at a time, until the server answers; answers its status and what was sent. */
function bodyUntilAnswered(
  base: string,
  path: string,
  declared: number,
  o: { method?: string; authorization?: string } = {},
) {
  return new Promise<{ status: number; sent: number }>((resolve) => {
    const { port } = new URL(base)
    let sent = 0
    let answered = false
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: o.method ?? 'PUT',
      path,
      headers: {
        'content-type': 'application/json',
        'content-length': String(declared),
        ...(o.authorization ? { authorization: o.authorization } : {}),
      },
    })
    const chunk = Buffer.alloc(1024 * 1024, 0x20)
    const pump = () => {
      while (!answered && sent < declared) {
        sent += chunk.length
        if (!req.write(chunk)) return void req.once('drain', pump)
      }
    }
    req.on('response', (res) => {
      answered = true
      res.resume()
      resolve({ status: res.statusCode ?? 0, sent })
      req.destroy()
    })
    req.on('error', () => {
      if (!answered) resolve({ status: 0, sent })
    })
    pump()
  })
}

/** A request with headers fetch may not set (Host). */
function raw(
  base: string,
  path: string,
  o: { host: string; method?: string; body?: string; headers?: Record<string, string> },
) {
  return new Promise<{ status: number; location?: string; cookies: string[]; text: string }>(
    (resolve, reject) => {
      const { port } = new URL(base)
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path,
          method: o.method ?? 'GET',
          headers: {
            host: o.host,
            ...o.headers,
            ...(o.body ? { 'content-length': Buffer.byteLength(o.body) } : {}),
          },
        },
        (res) => {
          let text = ''
          res.on('data', (c: Buffer) => (text += c.toString()))
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              location: res.headers.location,
              cookies: res.headers['set-cookie'] ?? [],
              text,
            }),
          )
        },
      )
      req.on('error', reject)
      req.end(o.body)
    },
  )
}

/** A vendor stand-in on loopback: 200 to the right token (a string), else a fixed answer. */
async function standIn(answer: string | number) {
  const seen: IncomingHttpHeaders[] = []
  const server: Server = createServer((req, res) => {
    seen.push(req.headers)
    if (answer === 'silent') return
    if (answer === 'garbage') return void req.socket.end('not http at all\r\n\r\n')
    if (typeof answer === 'number') return void res.writeHead(answer).end()
    const ok = req.headers.authorization === `Bearer ${answer}`
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' })
    res.end(JSON.stringify(ok ? { login: 'octo' } : { message: 'Bad credentials' }))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  stopping.unshift(
    () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  )
  return { server, seen, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3/` }
}

async function gzip(chunks: Iterable<Buffer>): Promise<Buffer> {
  const out: Buffer[] = []
  for await (const c of Readable.from(chunks).pipe(createGzip({ level: 9 }))) out.push(c as Buffer)
  return Buffer.concat(out)
}

try {
  await main()
} catch (error) {
  failures++
  console.log(`failed: ${(error as Error).stack ?? String(error)}`)
} finally {
  for (const stop of stopping) await stop()
}
console.log(failures === 0 ? '\nevery attack refused' : `\n${failures} check(s) broken`)
process.exitCode = failures === 0 ? 0 : 1
