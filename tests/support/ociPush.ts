/**
 * Pushes images into a platform through its OCI distribution API, as a registry client does:
 * a token from `/v2/token` with the user's password, each blob by a monolithic upload, then the
 * manifest under a tag. Tests that need docker packages make them this way, so the catalogue
 * rows come from real pushes, never from rows typed in.
 */
import type { BuiltImage } from '../../server/containers/imageBuilder'

export interface OciPusher {
  /** Pushes the image's blobs and puts its manifest under each tag, in order. */
  push(name: string, image: BuiltImage, tags: readonly string[]): Promise<void>
  /** Puts a manifest (an index, say) whose children are already pushed. */
  putManifest(name: string, mediaType: string, bytes: Buffer, reference: string): Promise<void>
  /** Pushes one blob. */
  pushBlob(name: string, bytes: Buffer, digest: string): Promise<void>
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`

async function expectStatus(res: Response, status: number, what: string): Promise<void> {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${await res.text()}`)
}

export async function ociPusher(url: string, user: string, password: string): Promise<OciPusher> {
  const res = await fetch(`${url}/v2/token`, { headers: { authorization: basic(user, password) } })
  await expectStatus(res, 200, 'token')
  const { token } = (await res.json()) as { token: string }
  const authorization = `Bearer ${token}`

  const pushBlob = async (name: string, bytes: Buffer, digest: string) => {
    const up = await fetch(`${url}/v2/${name}/blobs/uploads/?digest=${digest}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(bytes),
    })
    await expectStatus(up, 201, `blob ${digest}`)
  }
  const putManifest = async (name: string, mediaType: string, bytes: Buffer, reference: string) => {
    const put = await fetch(`${url}/v2/${name}/manifests/${reference}`, {
      method: 'PUT',
      headers: { authorization, 'content-type': mediaType },
      body: new Uint8Array(bytes),
    })
    await expectStatus(put, 201, `manifest ${name}:${reference}`)
  }
  return {
    pushBlob,
    putManifest,
    async push(name, image, tags) {
      for (const b of [image.config, ...image.layers]) await pushBlob(name, b.bytes, b.digest)
      for (const tag of tags) await putManifest(name, image.manifest.mediaType, image.manifest.bytes, tag)
    },
  }
}
