// Personalization onboarding on the platform: each user's choices stored once sent, validated
// against the console's lists; nobody else's status changes; visitors get 401. The education
// center: real WebM videos served, the played ones remembered per user, feedback stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { call, sessionOf } from '../support/apiCalls'
import { EDUCATION_VIDEO_IDS } from '../../domain/education'

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
    const row = await server.ctx.sql.all(
      'SELECT technologies, goal, artifact_only, rt_only_removed FROM user_personalization',
    )
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

describe('the education center', () => {
  it('serves each getting-started video as a WebM file', async () => {
    for (const id of EDUCATION_VIDEO_IDS) {
      const res = await fetch(`${server.url}/ui/api/v1/ui/education/videos/${id}.webm`, {
        headers: { cookie: developer },
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('video/webm')
      const bytes = new Uint8Array(await res.arrayBuffer())
      // The EBML magic of a Matroska/WebM file, and the WebM doc type with a VP8 track.
      expect([...bytes.slice(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3])
      const text = Buffer.from(bytes).toString('latin1')
      expect(text).toContain('webm')
      expect(text).toContain('V_VP8')
      expect(bytes.length).toBeGreaterThan(1000)
    }
    const missing = await fetch(`${server.url}/ui/api/v1/ui/education/videos/nope.webm`, {
      headers: { cookie: developer },
    })
    expect(missing.status).toBe(404)
  })

  it('remembers the videos each user played, once, and the feedback given', async () => {
    const progress = (cookie: string) =>
      call<{ played: string[]; feedbackGiven: boolean }>(server, 'GET', '/ui/education', { cookie })
    expect((await progress(developer)).body).toEqual({ played: [], feedbackGiven: false })
    for (let i = 0; i < 2; i++)
      expect(
        (await call(server, 'PUT', '/ui/education/videos/welcome/played', { body: {}, cookie: developer }))
          .status,
      ).toBe(200)
    expect(
      (await call(server, 'PUT', '/ui/education/videos/nope/played', { body: {}, cookie: developer })).status,
    ).toBe(400)
    const feedback = { module: 'gettingStarted', helpful: true, comment: ' clear ' }
    expect(
      (await call(server, 'POST', '/ui/education/feedback', { body: feedback, cookie: developer })).status,
    ).toBe(200)
    expect((await progress(developer)).body).toEqual({ played: ['welcome'], feedbackGiven: true })
    expect((await progress(admin)).body).toEqual({ played: [], feedbackGiven: false })
    expect(
      (
        await call(server, 'POST', '/ui/education/feedback', {
          body: { ...feedback, module: 'x' },
          cookie: admin,
        })
      ).status,
    ).toBe(400)
    expect((await call(server, 'GET', '/ui/education')).status).toBe(401)
  })
})
