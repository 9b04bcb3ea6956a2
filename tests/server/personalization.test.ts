// Personalization onboarding on the platform: each user's choices stored once sent, validated
// against the console's lists; nobody else's status changes; visitors get 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { call, sessionOf } from './authHelpers'

let server: TestServer
let admin: string
let developer: string
beforeAll(async () => {
  server = await startTestServer()
  admin = await sessionOf(server, 'admin')
  developer = await sessionOf(server, 'developer')
})
afterAll(async () => server.stop())

const choices = { technologies: ['npm', 'docker'], goal: 'proxy', artifactOnly: false, RTonlyRemoved: true }

describe('personalization', () => {
  it('stores the signed-in user’s choices once sent, for that user only', async () => {
    const status = (cookie: string) =>
      call<{ sent: boolean }>(server, 'GET', '/ui/onboarding/personalization', { cookie })
    expect((await status(developer)).body).toEqual({ sent: false })
    const put = await call(server, 'PUT', '/ui/onboarding/personalization', {
      body: choices,
      cookie: developer,
    })
    expect(put.status).toBe(200)
    expect((await status(developer)).body).toEqual({ sent: true })
    expect((await status(admin)).body).toEqual({ sent: false })
    const row = server.ctx.db
      .prepare('SELECT technologies, goal, artifact_only, rt_only_removed FROM user_personalization')
      .all()
    expect(row).toEqual([
      { technologies: '["npm","docker"]', goal: 'proxy', artifact_only: 0, rt_only_removed: 1 },
    ])
  })

  it('refuses choices outside the lists, extra fields and visitors', async () => {
    const put = (body: unknown, cookie?: string) =>
      call(server, 'PUT', '/ui/onboarding/personalization', { body, ...(cookie ? { cookie } : {}) })
    expect((await put({ ...choices, technologies: [] }, admin)).status).toBe(400)
    expect((await put({ ...choices, technologies: ['cobol'] }, admin)).status).toBe(400)
    expect((await put({ ...choices, goal: 'nothing' }, admin)).status).toBe(400)
    expect((await put({ ...choices, password: 'secret' }, admin)).status).toBe(400)
    expect((await put(choices)).status).toBe(401)
    expect((await call(server, 'GET', '/ui/onboarding/personalization')).status).toBe(401)
  })
})
