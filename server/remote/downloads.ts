/**
 * Downloads as the registries count them: one for a version (its package's total too) or for a
 * file outside packages, per UTC day, once every byte has gone to the client. A client that
 * goes away midway has downloaded nothing; a HEAD is not a download.
 */
import type { FastifyReply } from 'fastify'
import type { ServerContext } from '../context'
import { isoNow } from '../clock'
import type { RemoteStore } from './store'

/** The subject a file outside packages is counted under (a version is counted under its id). */
export const fileSubject = (repo: string, path: string) => `file://${repo}/${path}`

export function downloadCounter(ctx: ServerContext, store: RemoteStore) {
  return (reply: FastifyReply, subject: string | null | undefined) => {
    if (!subject) return
    reply.raw.once('finish', () => {
      store
        .countDownload(subject, isoNow(ctx.clock).slice(0, 10))
        .catch((error: unknown) => reply.log.error(error, 'the download was not counted'))
    })
  }
}
