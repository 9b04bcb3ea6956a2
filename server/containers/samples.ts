/**
 * The container registry edition's sample images: at its first start the platform builds a few
 * small images itself (imageBuilder.ts: real gzipped layers, configs and manifests) and pushes
 * them into `docker-local` through the registry's own push path, blobs first, digests checked,
 * then each manifest under its tags, so what the console shows of them (packages, tags, layers,
 * platforms, the Artifacts tree) is read from images really held, and `docker pull` of them
 * works. Once only: the first node to claim the settings key pushes; an admin who deletes the
 * samples does not get them back at the next start.
 */
import { claimSetting, deleteSetting } from '../platform/store'
import type { ServerContext } from '../context'
import { buildImage, digestOf, type BuiltBlob, type BuiltImage } from './imageBuilder'
import { MEDIA } from './rules'

export const SAMPLE_IMAGES_KEY = 'containers.sampleImages'
export const SAMPLE_REPOSITORY = 'docker-local'
/** Who the catalogue says deployed them: the platform's seeded administrator. */
const PUSHED_BY = 'admin'

export interface SamplePush {
  readonly image: string
  readonly blobs: readonly BuiltBlob[]
  /** Manifests in push order (an index's images before the index), each under its references. */
  readonly manifests: ReadonlyArray<{ readonly manifest: BuiltBlob; readonly references: readonly string[] }>
}

const CREATED = '2026-11-02T09:00:00.000Z'

const base = {
  command: 'ADD rootfs /',
  files: [
    { path: 'etc/os-release', content: 'NAME="Sample Linux"\nID=sample\nVERSION_ID=1\n' },
    { path: 'etc/passwd', content: 'root:x:0:0:root:/root:/bin/sh\napp:x:1000:1000::/app:/bin/sh\n' },
  ],
}

function consoleWeb(version: string): BuiltImage {
  return buildImage({
    created: CREATED,
    cmd: ['/app/serve', '--port', '8080'],
    layers: [
      base,
      {
        command: 'COPY dist/ /app/www/',
        files: [
          {
            path: 'app/www/index.html',
            content: `<!doctype html><title>Console web ${version}</title><p>Sample page, version ${version}.</p>\n`,
          },
          { path: 'app/www/app.js', content: `console.log('console-web ${version}')\n` },
        ],
      },
      {
        command: 'COPY serve /app/serve',
        files: [{ path: 'app/serve', content: '#!/bin/sh\necho "serving /app/www"\n', mode: 0o755 }],
      },
    ],
    annotations: { 'org.opencontainers.image.version': version },
  })
}

function platformApi(architecture: 'amd64' | 'arm64'): BuiltImage {
  return buildImage({
    created: CREATED,
    architecture,
    os: 'linux',
    cmd: ['/usr/local/bin/platform-api'],
    layers: [
      base,
      {
        command: `COPY platform-api-linux-${architecture} /usr/local/bin/platform-api`,
        files: [
          {
            path: 'usr/local/bin/platform-api',
            content: `#!/bin/sh\necho "platform-api 2.3.0 (linux/${architecture})"\n`,
            mode: 0o755,
          },
        ],
      },
    ],
  })
}

/** An OCI index over images of several platforms. */
function indexOf(images: ReadonlyArray<{ image: BuiltImage; architecture: string }>): BuiltBlob {
  const bytes = Buffer.from(
    JSON.stringify({
      schemaVersion: 2,
      mediaType: MEDIA.ociIndex,
      manifests: images.map(({ image, architecture }) => ({
        mediaType: image.manifest.mediaType,
        digest: image.manifest.digest,
        size: image.manifest.bytes.length,
        platform: { architecture, os: 'linux' },
      })),
    }),
    'utf8',
  )
  return { digest: digestOf(bytes), mediaType: MEDIA.ociIndex, bytes }
}

const blobsOf = (...images: BuiltImage[]): BuiltBlob[] => {
  const seen = new Map<string, BuiltBlob>()
  for (const i of images) for (const b of [i.config, ...i.layers]) seen.set(b.digest, b)
  return [...seen.values()]
}

/** What the first start pushes: deterministic, so every start builds the same digests. */
export function sampleImages(): SamplePush[] {
  const web10 = consoleWeb('1.0.0')
  const web11 = consoleWeb('1.1.0')
  const amd64 = platformApi('amd64')
  const arm64 = platformApi('arm64')
  return [
    {
      image: 'samples/console-web',
      blobs: blobsOf(web10, web11),
      manifests: [
        { manifest: web10.manifest, references: ['1.0.0'] },
        { manifest: web11.manifest, references: ['1.1.0', 'latest'] },
      ],
    },
    {
      image: 'samples/platform-api',
      blobs: blobsOf(amd64, arm64),
      manifests: [
        { manifest: amd64.manifest, references: [amd64.manifest.digest] },
        { manifest: arm64.manifest, references: [arm64.manifest.digest] },
        {
          manifest: indexOf([
            { image: amd64, architecture: 'amd64' },
            { image: arm64, architecture: 'arm64' },
          ]),
          references: ['2.3.0'],
        },
      ],
    },
  ]
}

/** The registry's push path, as containerRoutes gives it. */
export interface PlatformPush {
  pushBlob(repoKey: string, image: string, blob: BuiltBlob): Promise<void>
  pushManifest(
    repoKey: string,
    image: string,
    manifest: BuiltBlob,
    reference: string,
    deployedBy: string,
  ): Promise<void>
}

/**
 * Pushes the sample images once per installation (the container registry edition only).
 * Answers whether this node pushed them. A push that fails gives the claim back, so the next
 * start tries again, and the failure is thrown: the registry could not store what it was given.
 */
export async function pushSampleImagesOnce(ctx: ServerContext, push: PlatformPush): Promise<boolean> {
  if (ctx.config.flavour !== 'container-registry') return false
  if (!(await claimSetting(ctx, SAMPLE_IMAGES_KEY, { pushedBy: ctx.config.nodeId }))) return false
  try {
    for (const sample of sampleImages()) {
      for (const blob of sample.blobs) await push.pushBlob(SAMPLE_REPOSITORY, sample.image, blob)
      for (const { manifest, references } of sample.manifests)
        for (const reference of references)
          await push.pushManifest(SAMPLE_REPOSITORY, sample.image, manifest, reference, PUSHED_BY)
    }
  } catch (error) {
    await deleteSetting(ctx.sql, SAMPLE_IMAGES_KEY)
    throw error
  }
  return true
}
