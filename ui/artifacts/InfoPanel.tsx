// The selected node's details: a repository's or folder's summary, or a file's information
// (size, checksums with Copy, dates, who deployed it, its package version, properties, download).
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { Download, FileSearch, ShieldAlert, Trash2 } from 'lucide-react'
import { isReadOnlyMode } from '../../domain/platform'
import { nodeId, selectedChild, sameLocation } from '../../domain/artifacts/rules'
import type { ArtifactInfo, ArtifactsState, DownloadBlock, ImageManifest } from '../../domain/artifacts/types'
import { useDispatch, useQuery } from '../shared/appContext'
import { formatDateTime } from '../shared/dates'
import { whatHappened } from '../shared/failureText'
import { Button, buttonClass } from '../shared/kit/Button'
import { CodeBlock } from '../shared/kit/CodeBlock'
import { FailureNote, LoadFailure } from '../shared/kit/LoadFailure'
import { AlertDialog } from '../shared/kit/Overlay'
import { BreakAfter, Card, EmptyState, KeyValue, Skeleton } from '../shared/kit/Surface'
import { versionPath } from '../shared/packageLinks'
import { formatBytes } from '../shared/sizes'
import { typeName } from '../shared/typeMarks/typeName'
import kit from '../shared/kit/page.module.css'
import styles from './artifacts.module.css'
import { REPOSITORY_KIND_LABEL } from '../../domain/repositories/words'

/** Where the browser downloads a file: the platform's own address for it. */
export const downloadHref = (repoKey: string, path: string): string =>
  `/artifactory/${[repoKey, ...path.split('/')].map(encodeURIComponent).join('/')}`

/** A value still on its way (the repository's or folder's count): a skeleton in its place, named for screen readers. */
const pending = (
  <span role="status" aria-label="Loading" className={styles.pending}>
    <Skeleton width="3rem" height="1em" />
  </span>
)

export function InfoPanel({ state }: { readonly state: ArtifactsState }) {
  const dispatch = useDispatch()
  const at = state.selected
  if (!at) return <NothingSelected />
  if (at.path === '') {
    const repos = state.repositories.status === 'loaded' ? state.repositories.data : []
    const repo = repos.find((r) => r.key === at.repoKey)
    const folder = state.folders[nodeId(at.repoKey, '')]
    return (
      <aside className={styles.info} aria-label="Details">
        <Card title={at.repoKey}>
          <KeyValue
            items={[
              { key: 'type', label: 'Package type', value: repo ? typeName(repo.packageType) : pending },
              { key: 'kind', label: 'Kind', value: repo ? REPOSITORY_KIND_LABEL[repo.kind] : pending },
              { key: 'files', label: 'Files', value: repo ? String(repo.artifactCount) : pending },
              { key: 'top', label: 'Top-level entries', value: folder?.total ?? pending },
            ]}
          />
        </Card>
      </aside>
    )
  }
  const child = selectedChild(state)
  if (child?.folder) {
    const folder = state.folders[nodeId(at.repoKey, at.path)]
    return (
      <aside className={styles.info} aria-label="Details">
        <Card title={child.name}>
          <KeyValue
            items={[
              { key: 'repo', label: 'Repository', value: at.repoKey },
              { key: 'path', label: 'Path', value: <BreakAfter text={at.path} after="/" /> },
              { key: 'entries', label: 'Entries', value: folder?.total ?? pending },
            ]}
          />
        </Card>
      </aside>
    )
  }
  const info = state.info
  const retry = () => dispatch({ type: 'artifacts/LoadInfo', repoKey: at.repoKey, path: at.path })
  if (info.status === 'failed' && sameLocation(info.at, at))
    return (
      <aside className={styles.info} aria-label="Details">
        <LoadFailure
          message={`The file's information could not be loaded: ${whatHappened(info.failure)}.`}
          onRetry={retry}
        />
      </aside>
    )
  if (info.status === 'loaded' && sameLocation({ repoKey: info.info.repoKey, path: info.info.path }, at))
    return <FileInfo info={info.info} state={state} />
  // A file of a virtual repository answers with the member it is in: show that too.
  if (info.status === 'loaded' && info.info.path === at.path)
    return <FileInfo info={info.info} state={state} />
  return (
    <aside className={styles.info} aria-label="Details">
      <div role="status" aria-label="Loading the file's information" className={styles.infoSkeleton}>
        <Skeleton width="12rem" height="1.25rem" />
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} />
        ))}
      </div>
    </aside>
  )
}

/** The remotes whose cache an admin may delete from (the platform says the same). */
const CACHES = new Set(['generic', 'npm', 'docker'])

/** What a signed-in user may delete here: nothing, or the file's deletion state and its repository's kind. */
function useDeletable(info: ArtifactInfo, state: ArtifactsState) {
  const signedIn = useQuery({ type: 'session/SignedIn' })
  const readOnly = isReadOnlyMode(useQuery({ type: 'platform/State' }))
  const admin = useQuery({ type: 'session/IsAdmin' })
  const repos = state.repositories.status === 'loaded' ? state.repositories.data : []
  const repo = repos.find((r) => r.key === info.repoKey)
  const cached = repo?.kind === 'remote' && CACHES.has(repo.packageType)
  if (!signedIn || !(repo?.kind === 'local' || (cached && admin))) return undefined
  const here = state.deletion && sameLocation(state.deletion.at, info) ? state.deletion : undefined
  return { readOnly, here, cached }
}

/**
 * Delete, with a confirmation, for a signed-in user on a file of a local repository (the platform
 * refuses the others, and checks the user's right). A package's main file deletes its version.
 * An admin may also delete what a remote has cached: it is fetched again when next asked.
 * On an image's tag this deletes the tag; its manifest's own Delete is in the manifest's card,
 * so each card has one destructive action (two red buttons side by side wrapped at 1024 px).
 */
function DeleteFile({ info, state }: { readonly info: ArtifactInfo; readonly state: ArtifactsState }) {
  const dispatch = useDispatch()
  const [confirming, setConfirming] = useState(false)
  const deletable = useDeletable(info, state)
  if (!deletable) return null
  const { readOnly, here, cached } = deletable
  const version =
    info.packageId && info.version
      ? `${info.packageId.replace(/^[a-z]+:\/\//, '')} ${info.version}`
      : undefined
  // A cached image's tag goes with its manifest and layers: there is no tag to keep apart.
  const image = cached ? undefined : info.container
  return (
    <>
      <Button
        size="sm"
        variant="danger"
        icon={<Trash2 size={16} aria-hidden />}
        disabled={readOnly}
        busy={here?.status === 'deleting'}
        onClick={() => setConfirming(true)}
      >
        {image ? 'Delete tag' : 'Delete'}
      </Button>
      {here?.status === 'failed' && (
        <FailureNote>
          {info.name} could not be deleted: {whatHappened(here.failure)}.
        </FailureNote>
      )}
      <AlertDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={
          image
            ? `Delete tag ${image.image}:${image.tag}?`
            : version
              ? `Delete ${version}?`
              : `Delete ${info.name}?`
        }
        description={
          image
            ? `The tag goes; manifest ${shortDigest(image.digest)} stays, pulled by its digest${
                image.tags.length > 1 ? ` or by ${others(image).join(', ')}` : ''
              }, and keeps its layers: nothing is freed until the manifest is deleted.`
            : cached
              ? `${version ? `${version} leaves the cache with all its files` : `${info.repoKey}/${info.path} leaves the cache`}; the next request for it fetches it from the upstream again.`
              : version
                ? `${info.path} is the main file of ${version}: the version goes with all its files, and clients can no longer install it.`
                : `${info.repoKey}/${info.path} is deleted for everyone.`
        }
        confirmLabel={image ? 'Delete tag' : 'Delete'}
        onConfirm={() => {
          setConfirming(false)
          dispatch({ type: 'artifacts/Delete', repoKey: info.repoKey, path: info.path })
        }}
      />
    </>
  )
}

/** Delete an image's manifest with every tag on it, with a confirmation that says what it frees. */
function DeleteManifest({
  info,
  image,
  deletable,
}: {
  readonly info: ArtifactInfo
  readonly image: ImageManifest
  readonly deletable: NonNullable<ReturnType<typeof useDeletable>>
}) {
  const dispatch = useDispatch()
  const [confirming, setConfirming] = useState(false)
  return (
    <>
      <Button
        size="sm"
        variant="danger"
        icon={<Trash2 size={16} aria-hidden />}
        disabled={deletable.readOnly || deletable.here?.status === 'deleting'}
        onClick={() => setConfirming(true)}
      >
        Delete manifest
      </Button>
      <AlertDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete manifest ${shortDigest(image.digest)} of ${image.image}?`}
        description={`Its ${image.tags.length === 1 ? 'tag' : 'tags'} ${image.tags.join(', ')} ${
          image.tags.length === 1 ? 'goes' : 'go'
        } with it, and clients can no longer pull it. ${formatBytes(image.frees)} is freed in ${
          info.repoKey
        } at the next collection: the manifest and the layers no other manifest of ${image.image} uses.`}
        confirmLabel="Delete manifest"
        onConfirm={() => {
          setConfirming(false)
          dispatch({ type: 'artifacts/DeleteImageManifest', repoKey: info.repoKey, path: info.path })
        }}
      />
    </>
  )
}

/** `sha256:` and the first 12 hex digits, as registries show a digest in a sentence. */
const shortDigest = (digest: string) => digest.slice(0, digest.indexOf(':') + 13)
const others = (image: ImageManifest) => image.tags.filter((t) => t !== image.tag)

/** A docker tag's manifest: its digest, the tags on it and what deleting it frees. */
function ImageManifestCard({
  info,
  image,
  state,
}: {
  readonly info: ArtifactInfo
  readonly image: ImageManifest
  readonly state: ArtifactsState
}) {
  const deletable = useDeletable(info, state)
  return (
    <Card
      title="Image manifest"
      // A cached image has no tag of its own: the file's Delete takes all of it.
      actions={
        deletable && !deletable.cached ? (
          <DeleteManifest info={info} image={image} deletable={deletable} />
        ) : undefined
      }
    >
      <KeyValue
        items={[
          {
            key: 'digest',
            label: 'Digest',
            value: <CodeBlock inline code={image.digest} label="Manifest digest" />,
          },
          { key: 'tags', label: 'Tags on it', value: image.tags.join(', ') },
          { key: 'frees', label: 'Deleting it frees', value: formatBytes(image.frees) },
        ]}
      />
    </Card>
  )
}

/** Why the file has no Download: a watch's policy blocks its version, and how to get an exception. */
function DownloadBlocked({ info, block }: { readonly info: ArtifactInfo; readonly block: DownloadBlock }) {
  const version = info.version === null ? 'its version' : `version ${info.version}`
  return (
    <div role="note" aria-label="Download blocked" className={styles.downloadBlocked}>
      <ShieldAlert size={18} aria-hidden="true" />
      <p>
        Downloads of {info.name} are refused: {version} is blocked by policy {block.policy} of watch{' '}
        {block.watch} ({block.issue}). Ask an administrator for an exception: an ignore rule added from its
        violation on the <Link href={`/violations?watch=${encodeURIComponent(block.watch)}`}>Violations</Link>{' '}
        page.
      </p>
    </div>
  )
}

/**
 * Asks the selected file's details again when the tab is shown again: a scanning change made
 * elsewhere meanwhile (another admin's ignore rule, a watch, a scheduled import) may have lifted
 * or added its block, which this console hears of only for its own changes.
 */
function useDetailsAgainOnReturn(repoKey: string | undefined, path: string | undefined) {
  const dispatch = useDispatch()
  useEffect(() => {
    if (repoKey === undefined || path === undefined) return
    const onVisibility = () => {
      if (document.visibilityState === 'visible') dispatch({ type: 'artifacts/LoadInfo', repoKey, path })
    }
    document.addEventListener('visibilitychange', onVisibility)
    return () => document.removeEventListener('visibilitychange', onVisibility)
  }, [dispatch, repoKey, path])
}

function FileInfo({ info, state }: { readonly info: ArtifactInfo; readonly state: ArtifactsState }) {
  useDetailsAgainOnReturn(state.selected?.repoKey, state.selected?.path)
  return (
    <aside className={styles.info} aria-label="Details">
      <Card
        title={info.name}
        actions={
          <>
            {/* The kit's button, as the version page's Download and the Delete beside it; not
                offered where the platform would refuse it (said below instead). */}
            {!info.blocked && (
              <a
                className={buttonClass('secondary', 'sm')}
                href={downloadHref(info.repoKey, info.path)}
                download={info.name}
              >
                <Download size={16} aria-hidden /> Download
              </a>
            )}
            <DeleteFile info={info} state={state} />
          </>
        }
      >
        {info.blocked && <DownloadBlocked info={info} block={info.blocked} />}
        <KeyValue
          items={[
            { key: 'repo', label: 'Repository', value: info.repoKey },
            { key: 'path', label: 'Path', value: <BreakAfter text={info.path} after="/" /> },
            { key: 'size', label: 'Size', value: `${formatBytes(info.size)} (${info.size} bytes)` },
            { key: 'mime', label: 'Type', value: info.mimeType },
            { key: 'created', label: 'Created', value: formatDateTime(info.created) },
            { key: 'modified', label: 'Modified', value: formatDateTime(info.modified) },
            { key: 'by', label: 'Deployed by', value: info.deployedBy ?? 'the catalogue (seeded)' },
            ...(info.packageId && info.version
              ? [
                  {
                    key: 'package',
                    label: 'Package',
                    value: (
                      <Link href={versionPath(info.packageId, info.version)}>
                        {info.packageId.replace(/^[a-z]+:\/\//, '')} {info.version}
                      </Link>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {info.container && <ImageManifestCard info={info} image={info.container} state={state} />}
      <Card title="Checksums">
        <KeyValue
          items={(['sha256', 'sha1', 'md5'] as const).map((k) => ({
            key: k,
            label: k === 'sha256' ? 'SHA-256' : k === 'sha1' ? 'SHA-1' : 'MD5',
            value: (
              <CodeBlock
                inline
                code={info[k]}
                label={`${k === 'sha256' ? 'SHA-256' : k === 'sha1' ? 'SHA-1' : 'MD5'} checksum`}
              />
            ),
          }))}
        />
      </Card>
      <Card title="Properties">
        {info.properties.length === 0 ? (
          <p className={styles.muted}>No properties.</p>
        ) : (
          <KeyValue
            items={info.properties.map((p) => ({ key: p.key, label: p.key, value: p.values.join(', ') }))}
          />
        )}
      </Card>
    </aside>
  )
}

/**
 * The details' place before a choice: as tall as the tree beside it, with what to do next
 * (open a repository, choose a file, or deploy one): a small card over an empty half page had
 * said only that nothing was chosen.
 */
function NothingSelected() {
  const readOnly = isReadOnlyMode(useQuery({ type: 'platform/State' }))
  return (
    <aside className={`${styles.info} ${styles.nothingSelected} ${kit.panel}`} aria-label="Details">
      <EmptyState
        icon={<FileSearch size={28} />}
        title="Nothing selected"
        hint="Choose a repository, folder or file in the tree to see its details."
        action={
          <ol className={styles.nextSteps} aria-label="What to do next">
            {NEXT_STEPS.filter((step) => !(readOnly && step.deploys)).map((step) => (
              <li key={step.text}>{step.text}</li>
            ))}
          </ol>
        }
      />
    </aside>
  )
}

const NEXT_STEPS: ReadonlyArray<{ readonly text: string; readonly deploys?: boolean }> = [
  { text: 'Open a repository to walk through its folders.' },
  { text: 'Choose a file to see its size, checksums, who deployed it and where it came from.' },
  { text: 'Add a file of your own with Deploy, at the top of the page.', deploys: true },
]
