// Deploy (upload) a file into a local repository, or a virtual one's default deployment
// repository, with the upload's progress. The file stays in the app's in-memory stash; the
// command names it.
import { useEffect, useState } from 'react'
import { defaultDeployPath, deployTargets, selectedChild } from '../../domain/artifacts/rules'
import { pathAfterChoosing, validateDeploy, type DeployMessage } from '../../domain/artifacts/deployForm'
import type { ArtifactsState } from '../../domain/artifacts/types'
import { useApp, useDispatch } from '../shared/appContext'
import { useValidatedForm } from '../shared/forms'
import { whatHappened } from '../shared/failureText'
import { Button } from '../shared/kit/Button'
import { Select } from '../shared/kit/Choice'
import { Field, TextField } from '../shared/kit/Field'
import { FileField } from '../shared/kit/FileField'
import { Dialog } from '../shared/kit/Overlay'
import { formatBytes } from '../shared/sizes'
import kit from '../shared/kit/page.module.css'
import styles from './artifacts.module.css'

const word = (message: DeployMessage): string =>
  message.key === 'artifactPath'
    ? message.detail
    : message.key === 'chooseDeployFile'
      ? 'Choose a file to deploy.'
      : 'Choose a repository.'

export interface DeployControl {
  readonly isOpen: boolean
  readonly open: () => void
  readonly close: () => void
}

export function useDeployDialog(): DeployControl {
  const [isOpen, setOpen] = useState(false)
  return { isOpen, open: () => setOpen(true), close: () => setOpen(false) }
}

export function DeployDialog({
  control,
  state,
}: {
  readonly control: DeployControl
  readonly state: ArtifactsState
}) {
  if (!control.isOpen) return null
  return <DeployForm control={control} state={state} />
}

function DeployForm({ control, state }: { readonly control: DeployControl; readonly state: ArtifactsState }) {
  const app = useApp()
  const dispatch = useDispatch()
  const targets = deployTargets(state.repositories.status === 'loaded' ? state.repositories.data : [])
  const selectedRepo = targets.find((t) => t.key === state.selected?.repoKey)?.key
  const form = useValidatedForm(
    { repoKey: selectedRepo ?? targets[0]?.key ?? '', file: null as File | null, path: '', pathTyped: false },
    validateDeploy<File>,
    word,
  )
  const { values, set, bind } = form
  // The dialog may open while the repositories still load: the form then starts with none, and
  // takes the default one when they are in (a submit refused "choose a repository" before).
  const defaultRepo = selectedRepo ?? targets[0]?.key
  useEffect(() => {
    if (values.repoKey === '' && defaultRepo) set({ repoKey: defaultRepo })
  }, [values.repoKey, defaultRepo, set])
  const deploy = state.deploy
  const uploading = deploy.status === 'uploading'
  const folderSelected = selectedChild(state)?.folder ?? state.selected?.path === ''
  const path = bind('path')

  const close = () => {
    if (uploading) return
    if (deploy.status !== 'idle') dispatch({ type: 'artifacts/DismissDeploy' })
    control.close()
  }
  const choose = (file: File | null) =>
    set({
      file,
      ...(file && {
        path: pathAfterChoosing(
          values.path,
          values.pathTyped,
          defaultDeployPath(
            state.selected?.repoKey === values.repoKey ? state.selected : null,
            folderSelected,
            file.name,
          ),
        ),
      }),
    })
  const submit = form.submit(({ repoKey, path, file }) => {
    if (deploy.status !== 'idle') dispatch({ type: 'artifacts/DismissDeploy' })
    dispatch({
      type: 'artifacts/Deploy',
      repoKey,
      path,
      fileRef: app.stashFile(file),
      fileName: file.name,
      size: file.size,
    })
  })
  const percent = uploading && deploy.total > 0 ? Math.round((deploy.loaded * 100) / deploy.total) : 0

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : close())}
      title="Deploy a file"
      description="Upload a file into a repository. npm packages are published with npm publish instead (see Set Me Up)."
      footer={
        <>
          <Button onClick={close} disabled={uploading}>
            {deploy.status === 'done' ? 'Close' : 'Cancel'}
          </Button>
          <Button variant="primary" busy={uploading} onClick={submit} disabled={targets.length === 0}>
            Deploy
          </Button>
        </>
      }
    >
      {targets.length === 0 ? (
        <p role="alert">
          No repository accepts deployments from the console: create a local generic repository first.
        </p>
      ) : (
        <div className={styles.deployForm}>
          <Field label="Repository" required error={form.errorOf('repoKey')}>
            <Select
              value={values.repoKey}
              onValueChange={(repoKey) => set({ repoKey })}
              options={targets.map((t) => ({
                value: t.key,
                label: `${t.key} (${t.packageType}, ${t.kind})`,
              }))}
            />
          </Field>
          <FileField
            label="File to deploy"
            required
            disabled={uploading}
            onFile={choose}
            chosen={values.file ? `${values.file.name}, ${formatBytes(values.file.size)}` : 'No file chosen'}
            error={form.errorOf('file')}
          />
          <TextField
            label="Target path"
            required
            hint="Folders are made as needed: tools/linux/app.tar.gz"
            value={path.value}
            error={path.error}
            onChange={(e) => set({ path: e.target.value, pathTyped: true })}
            disabled={uploading}
          />
          {uploading && (
            <div className={styles.progress}>
              <div
                role="progressbar"
                aria-label={`Uploading ${deploy.fileName}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className={kit.progressTrack}
              >
                <span className={kit.progressBar} style={{ width: `${percent}%` }} />
              </div>
              <span>
                {formatBytes(deploy.loaded)} of {formatBytes(deploy.total)}
              </span>
            </div>
          )}
          {deploy.status === 'failed' && (
            <p role="alert" className={styles.failed}>
              The file was not deployed: {whatHappened(deploy.failure)}.
            </p>
          )}
          {deploy.status === 'done' && (
            <p role="status">
              Deployed to {deploy.at.repoKey}/{deploy.at.path} (SHA-256 {deploy.sha256.slice(0, 12)}…).
            </p>
          )}
        </div>
      )}
    </Dialog>
  )
}
