// A signed-in user's page carries start-up's answers, made by asking the platform's own routes
// in-process (server/ui/startupAnswers.ts). On SQLite a read gives the event loop back only when
// it is made, and the 22 reads started together kept the files the page names from being served
// until the last one was made: in a trace of a cold `/ui/packages?q=…` every file's answer came
// after the page's end. Each read now starts a turn of the event loop after the one before, so
// the loop takes its I/O (the files' requests) between them. The test counts the turns.
import { request } from 'node:http'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { sessionOf } from '../support/apiCalls'
import { STARTUP_READS } from '../../server/ui/startupAnswers'

/** The turn of the event loop, counted while a page is on its way; the turn each read began on. */
const loop = { turn: 0, counting: false, readTurns: [] as number[] }

function countTurns(): void {
  if (!loop.counting) return
  loop.turn++
  setImmediate(countTurns)
}

let server: TestServer
beforeAll(async () => {
  server = await startTestServer(
    {},
    {},
    {
      // The turn each read is asked on, not one of its hooks': the platform's own come first,
      // and on PostgreSQL the session's read waits for the database, so the reads' hooks run
      // on the turns their answers arrive, several on one.
      beforeListen: (app) => {
        const inject = app.inject.bind(app) as (options: InjectOptions) => Promise<unknown>
        Object.assign(app, {
          inject(options: InjectOptions) {
            const url = typeof options.url === 'string' ? options.url : ''
            if (loop.counting && url.startsWith('/ui/api/v1/') && (options.method ?? 'GET') === 'GET')
              loop.readTurns.push(loop.turn)
            return inject(options)
          },
        })
      },
    },
  )
})
afterAll(async () => server.stop())

function getPage(path: string, cookie: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(`${server.url}${path}`, { headers: { cookie } })
    req.on('response', (res) => {
      res.resume()
      res.on('end', () => done(res.statusCode ?? 0))
    })
    req.on('error', fail)
    req.end()
  })
}

describe("the page's answers", () => {
  it('start one read a turn of the event loop, so the loop serves other requests between them', async () => {
    const cookie = await sessionOf(server, 'developer', server.config.userPassword)
    loop.readTurns = []
    loop.counting = true
    setImmediate(countTurns)
    try {
      expect(await getPage('/ui/packages?q=*', cookie)).toBe(200)
    } finally {
      loop.counting = false
    }
    // Start-up's reads (the list's is a POST) each began on a turn of its own.
    expect(loop.readTurns).toHaveLength(STARTUP_READS.length)
    expect(new Set(loop.readTurns).size).toBe(STARTUP_READS.length)
  })
})
