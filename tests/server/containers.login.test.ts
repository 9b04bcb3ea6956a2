/**
 * Signing in, tagging, pushing and pulling as Set Me Up shows it, with the real clients: `docker
 * login` with no daemon (Debian's docker client signs in client side when no daemon answers), then
 * docker's whole set against podman's service standing in for the daemon, and podman's login,
 * tag, push and pull (Debian's podman, its own storage in the test's folder; it runs rootless
 * too, shown in docs/containers.md). The registry challenges /v2/ with Bearer only, so a client
 * that signs in has gone through the token endpoint with the user's credentials. skopeo then
 * copies with what docker stored, no credentials of its own.
 */
import { execFile, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { signInDeveloper } from './helpers/permissions'
import { clientSetup } from '../../domain/setMeUp/steps'
import { skopeoCli, writeOciLayout, type SkopeoAnswer } from '../support/skopeo'
import { buildImage } from '../../server/containers/imageBuilder'
import { startPodmanService, type PodmanService } from '../support/podmanService'
import { gql } from './helpers/graphql'
import { call, sessionOf } from '../support/apiCalls'

const exec = promisify(execFile)

let server: TestServer
let work: string
let host: string
let access: { token: string; user: string }

const image = buildImage({
  layers: [
    {
      command: 'ADD login.txt /srv/',
      files: [{ path: 'srv/login.txt', content: 'pushed after signing in\n' }],
    },
  ],
})

/**
 * A client command with a home of its own in the test's folder: docker's config, podman's auth
 * file, storage (vfs, so no kernel overlay is needed) and policy all there, none of the runner's.
 * DOCKER_HOST names a socket nobody listens on: docker signs in without a daemon.
 */
async function client(
  command: string,
  args: string[],
  dockerHost = `unix://${join(work, 'no-daemon.sock')}`,
): Promise<SkopeoAnswer> {
  try {
    return await exec(command, args, {
      env: {
        PATH: process.env.PATH,
        HOME: work,
        XDG_RUNTIME_DIR: work,
        DOCKER_HOST: dockerHost,
        CONTAINERS_STORAGE_CONF: join(work, 'storage.conf'),
        CONTAINERS_REGISTRIES_CONF: join(work, 'registries.conf'),
      },
      timeout: 120_000,
    })
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string }
    return { stdout: e.stdout ?? '', stderr: e.stderr ?? '', failed: true }
  }
}

/** Runs one line of Set Me Up as it is written: the first word is the program. */
const runLine = (line: string, dockerHost?: string) => {
  const [command, ...args] = line.split(' ')
  return client(command!, args, dockerHost)
}

/** Set Me Up's code for docker-local under `title`, placeholders filled, at `baseUrl`. */
function setMeUp(title: string, fill: Record<string, string> = {}, baseUrl = server.url): string[] {
  const steps = clientSetup('docker', baseUrl, 'docker-local', access)
  const code = steps.find((s) => s.title === title)?.code
  if (code === undefined) throw new Error(`Set Me Up shows no "${title}"`)
  return code
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .map((line) => Object.entries(fill).reduce((l, [k, v]) => l.replaceAll(`<${k}>`, v), line))
}

beforeAll(async () => {
  server = await startTestServer()
  host = new URL(server.url).host
  work = mkdtempSync(join(tmpdir(), 'registry-login-'))
  const storage = join(work, 'storage')
  mkdirSync(storage)
  writeFileSync(
    join(work, 'storage.conf'),
    `[storage]\ndriver = "vfs"\ngraphroot = "${storage}/graph"\nrunroot = "${storage}/run"\n`,
  )
  writeFileSync(join(work, 'registries.conf'), 'unqualified-search-registries = []\n')
  mkdirSync(join(work, '.config', 'containers'), { recursive: true })
  writeFileSync(
    join(work, '.config', 'containers', 'policy.json'),
    JSON.stringify({ default: [{ type: 'insecureAcceptAnything' }] }),
  )
  const res = await fetch(`${server.url}/ui/api/v1/ui/npm/token`, {
    method: 'POST',
    headers: browserHeaders(server.url, await signInDeveloper(server)),
    body: '{}',
  })
  access = (await res.json()) as { token: string; user: string }
  writeOciLayout(join(work, 'in'), image, '1.0.0')
})

afterAll(async () => {
  await server?.stop()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('docker login as Set Me Up shows it', () => {
  it('signs in through the token endpoint, and skopeo pushes with what docker stored', async () => {
    const [login] = setMeUp('Sign in with docker')
    expect(login).toBe(`docker login ${host} -u ${access.user} -p ${access.token}`)
    const answer = await runLine(login!)
    expect(answer, answer.stderr).not.toHaveProperty('failed')
    expect(answer.stdout).toContain('Login Succeeded')
    const config = JSON.parse(readFileSync(join(work, '.docker', 'config.json'), 'utf8')) as {
      auths: Record<string, { auth: string }>
    }
    expect(Buffer.from(config.auths[host]!.auth, 'base64').toString()).toBe(`${access.user}:${access.token}`)

    // skopeo finds docker's credentials in ~/.docker/config.json: no --creds needed.
    const skopeo = skopeoCli(work)
    const ref = `docker://${host}/docker-local/login/app:1.0.0`
    const pushed = await skopeo(['copy', '--dest-tls-verify=false', `oci:${join(work, 'in')}:1.0.0`, ref])
    expect(pushed, pushed.stderr).not.toHaveProperty('failed')
    const facts = await skopeo(['inspect', '--tls-verify=false', ref])
    expect(JSON.parse(facts.stdout)).toMatchObject({ Digest: image.manifest.digest })
  })

  it('refuses a wrong password as unauthorized, keeping what was stored', async () => {
    const answer = await client('docker', ['login', host, '-u', access.user, '-p', 'not-the-token'])
    expect(answer.failed).toBe(true)
    expect(answer.stderr).toMatch(/unauthorized/i)
    // The credentials stored by the sign-in before stay as they were.
    const config = JSON.parse(readFileSync(join(work, '.docker', 'config.json'), 'utf8')) as {
      auths: Record<string, { auth: string }>
    }
    expect(Buffer.from(config.auths[host]!.auth, 'base64').toString()).toBe(`${access.user}:${access.token}`)
  })
})

describe('podman as Set Me Up shows it', () => {
  it('signs in, tags a local image, pushes it and pulls it back, each line verbatim', async () => {
    const skopeo = skopeoCli(work)
    const creds = `${access.user}:${access.token}`
    const source = `docker://${host}/docker-local/podman/app:1.0.0`
    const seeded = await skopeo([
      'copy',
      '--dest-tls-verify=false',
      '--dest-creds',
      creds,
      `oci:${join(work, 'in')}:1.0.0`,
      source,
    ])
    expect(seeded, seeded.stderr).not.toHaveProperty('failed')

    const [login, tag, push, pull] = setMeUp('With podman', { image: 'podman/copy', tag: '2.0.0' })
    expect(login).toBe(`podman login --tls-verify=false ${host} -u ${access.user} -p ${access.token}`)
    expect(tag).toBe(`podman tag podman/copy:2.0.0 ${host}/docker-local/podman/copy:2.0.0`)
    const signedIn = await runLine(login!)
    expect(signedIn, `${login}\n${signedIn.stderr}`).not.toHaveProperty('failed')
    // The image the user has locally: pulled with Set Me Up's line, then named as if built here.
    const [, , , pullSeed] = setMeUp('With podman', { image: 'podman/app', tag: '1.0.0' })
    const pulled = await runLine(pullSeed!)
    expect(pulled, `${pullSeed}\n${pulled.stderr}`).not.toHaveProperty('failed')
    const local = await client('podman', [
      'tag',
      `${host}/docker-local/podman/app:1.0.0`,
      'podman/copy:2.0.0',
    ])
    expect(local, local.stderr).not.toHaveProperty('failed')
    for (const line of [tag!, push!, pull!]) {
      const answer = await runLine(line)
      expect(answer, `${line}\n${answer.stderr}`).not.toHaveProperty('failed')
    }

    // The copy holds the same filesystem: its config names the same uncompressed layers.
    const copy = `${host}/docker-local/podman/copy:2.0.0`
    const config = await skopeo([
      'inspect',
      '--config',
      '--tls-verify=false',
      '--creds',
      creds,
      `docker://${copy}`,
    ])
    expect(config, config.stderr).not.toHaveProperty('failed')
    const original = JSON.parse(image.config.bytes.toString()) as { rootfs: { diff_ids: string[] } }
    expect(JSON.parse(config.stdout)).toMatchObject({ rootfs: { diff_ids: original.rootfs.diff_ids } })
  })
})

const hasProgram = (name: string) => spawnSync('sh', ['-c', `command -v ${name}`]).status === 0

/**
 * docker's tag, push and pull need a daemon: podman's service answers the Docker Engine API in
 * its place. Its sign-in call (`/auth`) insists on TLS for every registry but `localhost:<port>`,
 * whatever registries.conf says, so the platform's base URL is set to `http://localhost:<port>`
 * (General Settings), as an admin reaching it there would; Set Me Up's lines then name that
 * host. For push and pull the daemon marks the registry insecure in its registries.conf, as Set
 * Me Up's comment asks of Docker's daemon.json.
 */
describe.skipIf(!hasProgram('docker') || !hasProgram('podman'))(
  'docker against a daemon as Set Me Up shows it',
  () => {
    let daemon: PodmanService | undefined
    let daemonDir: string
    let baseUrl: string
    let registryHost: string

    beforeAll(async () => {
      const admin = await sessionOf(server, 'admin')
      registryHost = `localhost:${new URL(server.url).port}`
      const configured = await call(server, 'PUT', '/ui/admin/generalConfig', {
        cookie: admin,
        body: { baseUrl: `http://${registryHost}` },
      })
      expect(configured.status).toBe(200)
      const shown = await call<{ baseUrl: string }>(server, 'GET', '/ui/setMeUp', { cookie: admin })
      baseUrl = shown.body.baseUrl
      daemonDir = join(work, 'daemon')
      mkdirSync(daemonDir)
      const registries = join(daemonDir, 'registries.conf')
      writeFileSync(
        registries,
        `unqualified-search-registries = []\n[[registry]]\nlocation = "${registryHost}"\ninsecure = true\n`,
      )
      daemon = await startPodmanService(daemonDir, {
        PATH: process.env.PATH,
        HOME: work,
        XDG_RUNTIME_DIR: daemonDir,
        CONTAINERS_REGISTRIES_CONF: registries,
      })
    }, 90_000)

    afterAll(async () => {
      await daemon?.stop()
    })

    it('signs in, tags a local image, pushes it and pulls it back, each line verbatim', async () => {
      const on = daemon!.dockerHost
      // The image the user has built, as `daemon/app:3.0.0`: the test's image, loaded into the
      // daemon's store from an oci-archive (podman takes a layout folder's path for its name).
      const layout = join(daemonDir, 'layout')
      writeOciLayout(layout, image, 'daemon/app:3.0.0')
      const archive = join(daemonDir, 'image.tar')
      await exec('tar', ['-cf', archive, '-C', layout, '.'])
      const loaded = await exec('podman', [...daemon!.podmanArgs, 'load', '-i', archive], {
        env: { PATH: process.env.PATH, HOME: work, TMPDIR: join(daemonDir, 'tmp') },
        timeout: 120_000,
      })
      expect(loaded.stdout).toContain('Loaded image: localhost/daemon/app:3.0.0')

      const fill = { image: 'daemon/app', tag: '3.0.0' }
      const [login] = setMeUp('Sign in with docker', {}, baseUrl)
      const [tag] = setMeUp('Tag an image', fill, baseUrl)
      const [push] = setMeUp('Push an image', fill, baseUrl)
      const [pull] = setMeUp('Pull an image', fill, baseUrl)
      const ref = `${registryHost}/docker-local/daemon/app:3.0.0`
      expect([login, tag, push, pull]).toEqual([
        `docker login ${registryHost} -u ${access.user} -p ${access.token}`,
        `docker tag daemon/app:3.0.0 ${ref}`,
        `docker push ${ref}`,
        `docker pull ${ref}`,
      ])
      for (const line of [login!, tag!]) {
        const answer = await runLine(line, on)
        expect(answer, `${line}\n${answer.stderr}`).not.toHaveProperty('failed')
      }
      const pushed = await runLine(push!, on)
      expect(pushed, `${push}\n${pushed.stderr}`).not.toHaveProperty('failed')
      const digest = /digest: (sha256:[0-9a-f]{64})/.exec(pushed.stdout)?.[1]
      expect(digest, pushed.stdout + pushed.stderr).toBeDefined()

      // The registry holds the manifest docker pushed, under the digest docker printed, and the
      // same filesystem: its config names the test image's uncompressed layers.
      const skopeo = skopeoCli(work)
      const creds = `${access.user}:${access.token}`
      const inspect = (...flags: string[]) =>
        skopeo(['inspect', ...flags, '--tls-verify=false', '--creds', creds, `docker://${ref}`])
      const facts = await inspect()
      expect(facts, facts.stderr).not.toHaveProperty('failed')
      expect(JSON.parse(facts.stdout)).toMatchObject({ Digest: digest })
      const original = JSON.parse(image.config.bytes.toString()) as { rootfs: { diff_ids: string[] } }
      const config = await inspect('--config')
      expect(JSON.parse(config.stdout)).toMatchObject({ rootfs: { diff_ids: original.rootfs.diff_ids } })

      // The packages list knows the image at once, its tag as a version.
      const reply = await gql<{
        package: { name: string; versionsCount: number; latestVersion: string } | null
      }>(
        server,
        await signInDeveloper(server),
        'query P($id: ID!) { package(id: $id) { name versionsCount latestVersion } }',
        { id: 'docker://daemon/app' },
      )
      expect(reply.body.data?.package, JSON.stringify(reply.body)).toEqual({
        name: 'daemon/app',
        versionsCount: 1,
        latestVersion: '3.0.0',
      })

      // Pulled into a daemon that no longer has it: the manifest docker pushed comes back.
      for (const name of [ref, 'daemon/app:3.0.0']) {
        const removed = await client('docker', ['rmi', name], on)
        expect(removed, removed.stderr).not.toHaveProperty('failed')
      }
      const pulled = await runLine(pull!, on)
      expect(pulled, `${pull}\n${pulled.stderr}`).not.toHaveProperty('failed')
      const repoDigests = await client(
        'docker',
        ['image', 'inspect', '--format', '{{json .RepoDigests}}', ref],
        on,
      )
      expect(repoDigests, repoDigests.stderr).not.toHaveProperty('failed')
      expect(JSON.parse(repoDigests.stdout)).toContain(`${registryHost}/docker-local/daemon/app@${digest}`)
    }, 240_000)
  },
)
