/**
 * Signing in as Set Me Up shows it, with the real clients: `docker login` (the docker CLI from
 * Debian's docker.io, no daemon: it signs in client side, as it does when the daemon is not
 * running) and podman's login, tag, push and pull (Debian's podman, its own storage in the
 * test's folder; it runs rootless too, shown in docs/containers.md). The registry challenges /v2/ with Bearer only, so a client that signs in has gone
 * through the token endpoint with the user's credentials. skopeo then copies with what docker
 * stored, no credentials of its own.
 */
import { execFile } from 'node:child_process'
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
async function client(command: string, args: string[]): Promise<SkopeoAnswer> {
  try {
    return await exec(command, args, {
      env: {
        PATH: process.env.PATH,
        HOME: work,
        XDG_RUNTIME_DIR: work,
        DOCKER_HOST: `unix://${join(work, 'no-daemon.sock')}`,
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
const runLine = (line: string) => {
  const [command, ...args] = line.split(' ')
  return client(command!, args)
}

/** Set Me Up's code for docker-local under `title`, placeholders filled. */
function setMeUp(title: string, fill: Record<string, string> = {}): string[] {
  const steps = clientSetup('docker', server.url, 'docker-local', access)
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
