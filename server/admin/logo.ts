/**
 * The platform's own logo (spec 000 section 7: "logo path ui/generalConfig/logo"): admins upload
 * an image, everyone (the login page too) reads it. Only raster images whose bytes say what they
 * are: an SVG could carry script, and a type the client claims proves nothing.
 */
import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { HttpError, type ServerContext } from '../context'
import { errors } from '../auth/schemas'
import { isoNow } from '../clock'
import { logoStore } from './logoStore'

export const LOGO_PATH = '/ui/generalConfig/logo'
export const LOGO_LIMIT = 1024 * 1024

/** The image type the bytes begin with, or undefined for anything else. */
export function sniffImage(
  bytes: Uint8Array,
): 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | undefined {
  const starts = (sig: readonly number[], at = 0) => sig.every((b, i) => bytes[at + i] === b)
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'image/gif'
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp'
  return undefined
}

export function registerLogoRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const store = logoStore(ctx.sql, () => isoNow(ctx.clock))

  app.get(
    LOGO_PATH,
    {
      schema: {
        summary: 'The uploaded logo (PNG, JPEG, GIF or WebP); 404 when none is',
        response: errors(404),
      },
    },
    async (_request, reply) => {
      const logo = await store.read()
      if (!logo) throw new HttpError(404, 'No logo has been uploaded', 'NOT_FOUND')
      return reply
        .header('content-type', logo.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('cache-control', 'public, max-age=300')
        .send(logo.bytes)
    },
  )

  app.register(async (upload) => {
    upload.addContentTypeParser(
      ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: LOGO_LIMIT },
      (_request, body, done) => done(null, body),
    )
    upload.put<{ Body: Buffer }>(
      LOGO_PATH,
      {
        bodyLimit: LOGO_LIMIT,
        schema: {
          summary: 'Upload the logo (admins): the image bytes, at most 1 MB',
          response: {
            200: { type: 'object', properties: { version: { type: 'string' } }, required: ['version'] },
            ...errors(400, 401, 403, 413),
          },
        },
      },
      async (request) => {
        ctx.requireAdmin(request)
        const bytes = request.body
        const contentType = Buffer.isBuffer(bytes) ? sniffImage(bytes) : undefined
        if (!Buffer.isBuffer(bytes) || contentType === undefined)
          throw new HttpError(400, 'The logo must be a PNG, JPEG, GIF or WebP image', 'VALIDATION')
        const version = createHash('sha256').update(bytes).digest('hex').slice(0, 16)
        await store.write({ contentType, bytes, version })
        return { version }
      },
    )
  })

  app.delete(
    LOGO_PATH,
    { schema: { summary: 'Remove the uploaded logo (admins)', response: errors(401, 403) } },
    async (request, reply) => {
      ctx.requireAdmin(request)
      await store.remove()
      return reply.code(204).send()
    },
  )
}

/** The uploaded logo's version for the footer ('' when there is none). */
export async function logoVersion(ctx: ServerContext): Promise<string> {
  return (await logoStore(ctx.sql, () => isoNow(ctx.clock)).read())?.version ?? ''
}
