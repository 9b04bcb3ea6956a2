/**
 * A git vendor's integrations (spec 001, integrations.vendor.list): the table of its
 * integrations with the services connected to each, and the two-step git modal (create or edit,
 * then select service). The token is typed here and kept in this component's state only: the
 * bus gets a reference to it (App.stashSecret), never the token.
 */
import { useEffect, useState } from 'react'
import { CircleCheck, GitBranch, Pencil, Plus, Trash2 } from 'lucide-react'
import {
  GIT_VENDORS,
  gitMainButton,
  isGitVendor,
  validateGitForm,
  type GitFormProblem,
  type GitIntegration,
  type GitModal as GitModalState,
} from '../../domain/integrations'
import { useApp, useDispatch, useQuery } from '../shared/appContext'
import { Button, IconButton } from '../shared/kit/Button'
import { PasswordField, TextField } from '../shared/kit/Field'
import { AlertDialog, Dialog } from '../shared/kit/Overlay'
import { Badge, EmptyState, PageHeader } from '../shared/kit/Surface'
import { Table, type Column } from '../shared/kit/Table'
import { RelativeTime } from '../shared/kit/RelativeTime'
import { whatHappened } from '../shared/failureText'
import { formText } from '../shared/formMessages'
import kit from '../shared/kit/page.module.css'
import styles from './integrations.module.css'
import { connectionFailureText } from './messages'

const SERVICE_LABEL: Readonly<Record<string, string>> = {
  xray: 'Repository scanning',
  pipelines: 'Pipelines',
}

function GitModal({ displayName }: { displayName: string }) {
  const dispatch = useDispatch()
  const modal = useQuery({ type: 'integrations/State' }).modal
  const close = () => dispatch({ type: 'integrations/CloseGitModal' })
  if (modal.step === 'selectService')
    return (
      <Dialog
        open
        onOpenChange={(o) => !o && close()}
        closeOnOutsideClick={false}
        title="Select service"
        description={`The ${displayName} integration ${modal.integrationKey} was created. Choose the service that uses it.`}
        footer={<Button onClick={close}>Later</Button>}
      >
        <div className={styles.services}>
          <Button
            variant="primary"
            icon={<GitBranch size={16} aria-hidden />}
            onClick={() => dispatch({ type: 'integrations/ChooseService', service: 'xray' })}
          >
            Repository scanning
          </Button>
        </div>
      </Dialog>
    )
  return modal.step === 'form' ? (
    <GitFormDialog displayName={displayName} modal={modal} onClose={close} />
  ) : null
}

/** The form step; mounted while the modal is open, so the token it holds goes when it closes. */
function GitFormDialog({
  displayName,
  modal,
  onClose: close,
}: {
  displayName: string
  modal: Extract<GitModalState, { step: 'form' }>
  onClose: () => void
}) {
  const app = useApp()
  const dispatch = useDispatch()
  // The token lives here only while the modal is open; the bus gets a stashed reference.
  const [token, setToken] = useState('')
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())
  const touch = (field: string) => setTouched((t) => new Set(t).add(field))

  const editing = modal.integrationKey !== null
  // The rule's problems as keys, worded by the forms' catalogue once the field was typed in.
  const checked = validateGitForm(modal.form, editing)
  const errorOf = (field: GitFormProblem) => {
    const problem = touched.has(field) && checked._tag === 'Left' ? checked.left[field] : undefined
    return problem && formText(problem)
  }
  const main = gitMainButton(modal)
  const tokenRef = () => (token === '' ? undefined : app.stashSecret(token))
  const edit = (field: 'userName' | 'integrationName' | 'url', value: string) => {
    touch(field)
    dispatch({ type: 'integrations/EditGitForm', field, value })
  }
  const submit = () => {
    setTouched(new Set(['userName', 'integrationName', 'url', 'token']))
    if (!main || main.disabled) return
    if (main.action === 'test') dispatch({ type: 'integrations/TestConnection', tokenRef: tokenRef() })
    else dispatch({ type: 'integrations/SaveIntegration', tokenRef: tokenRef() })
  }
  // The passed test is forgotten first (Create goes until the vendor answers again), then the
  // vendor is asked again with what the form holds now.
  const testAgain = () => {
    dispatch({ type: 'integrations/ResetConnectionTest' })
    dispatch({ type: 'integrations/TestConnection', tokenRef: tokenRef() })
  }
  const mainLabel =
    main?.action === 'test' ? 'Test connection' : main?.action === 'update' ? 'Save' : 'Create integration'
  const failure =
    modal.failure === 'testFailed'
      ? connectionFailureText(modal.testCause, displayName)
      : modal.failure === 'createFailed'
        ? 'Error while creating integration'
        : modal.failure === 'updateFailed'
          ? 'Error while updating integration'
          : modal.failure === 'tokenRequired'
            ? 'The new address needs a token: enter the access token again (a saved token is only sent to the address it was saved with).'
            : null

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && close()}
      closeOnOutsideClick={false}
      title={editing ? `Edit ${displayName} integration` : `New ${displayName} integration`}
      description="The platform tests the connection with the vendor's API before it saves the integration."
      footer={
        <>
          <Button onClick={close}>Cancel</Button>
          {modal.test === 'tested' && (
            <Button variant="ghost" onClick={testAgain}>
              Test again
            </Button>
          )}
          <Button
            variant="primary"
            type="submit"
            form="git-integration-form"
            busy={modal.test === 'testing' || modal.saving}
            disabled={main?.disabled}
          >
            {mainLabel}
          </Button>
        </>
      }
    >
      <form
        id="git-integration-form"
        className={styles.gitForm}
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
      >
        <TextField
          label="Integration name"
          required
          value={modal.form.integrationName}
          onChange={(e) => edit('integrationName', e.target.value)}
          error={errorOf('integrationName')}
          autoComplete="off"
        />
        <TextField
          label="Username"
          required
          value={modal.form.userName}
          onChange={(e) => edit('userName', e.target.value)}
          error={errorOf('userName')}
          autoComplete="off"
        />
        <TextField
          label="API URL"
          required
          value={modal.form.url}
          hint="The vendor's API, e.g. https://api.github.com/ or https://gitlab.example.com/api/v4/"
          onChange={(e) => edit('url', e.target.value)}
          error={errorOf('url')}
          inputMode="url"
          autoComplete="off"
        />
        <PasswordField
          label="Access token"
          required={!editing}
          value={token}
          hint={editing ? 'Leave empty to keep the stored token.' : undefined}
          onChange={(e) => {
            const value = e.target.value
            setToken(value)
            touch('token')
            if ((value !== '') !== modal.form.hasToken)
              dispatch({ type: 'integrations/TokenTyped', present: value !== '' })
            else if (modal.test !== 'notTested') dispatch({ type: 'integrations/ResetConnectionTest' })
          }}
          error={errorOf('token')}
          autoComplete="new-password"
        />
        {modal.popover && (
          <p role="status" className={styles.tested}>
            <CircleCheck size={16} aria-hidden /> Connection tested: the vendor accepted the token.
          </p>
        )}
        {failure && (
          <p role="alert" className={styles.formFailure}>
            {failure}
          </p>
        )}
      </form>
    </Dialog>
  )
}

export function VendorList({ vendorName }: { vendorName: string }) {
  const dispatch = useDispatch()
  const state = useQuery({ type: 'integrations/State' })
  const [deleting, setDeleting] = useState<GitIntegration | null>(null)
  const vendor = GIT_VENDORS.find((v) => v.name === vendorName)
  useEffect(() => {
    if (isGitVendor(vendorName)) dispatch({ type: 'integrations/LoadVendorList', vendor: vendorName })
  }, [dispatch, vendorName])
  const crumbs = [
    { label: 'Integrations', href: '/ui/integrations' },
    { label: vendor?.displayName ?? vendorName },
  ]
  if (!vendor)
    return (
      <div className={kit.page}>
        <PageHeader title="Integrations" breadcrumbs={crumbs} />
        <EmptyState
          title={`No git vendor named ${vendorName}`}
          hint="Open GitHub, GitLab or Bitbucket from the catalogue."
        />
      </div>
    )

  const list = state.vendorList
  const load = () => dispatch({ type: 'integrations/LoadVendorList', vendor: vendor.name })
  const openNew = () => dispatch({ type: 'integrations/OpenGitModal', vendor: vendor.name })
  const columns: ReadonlyArray<Column<GitIntegration>> = [
    // An integration's name is one word: 'octo-github' broke at its hyphen at 1024 px.
    {
      id: 'name',
      header: 'Name',
      cell: (r) => <span className={`${styles.strong} ${styles.nowrap}`}>{r.integrationName}</span>,
    },
    { id: 'user', header: 'User', cell: (r) => r.userName },
    { id: 'url', header: 'API URL', cell: (r) => <span className={styles.url}>{r.url}</span> },
    {
      id: 'services',
      header: 'Services',
      cell: (r) =>
        r.connectedServices.length === 0 ? (
          <span className={styles.muted}>None</span>
        ) : (
          <span className={styles.badges}>
            {r.connectedServices.map((s) => (
              <Badge key={s} tone="success">
                {SERVICE_LABEL[s] ?? s}
              </Badge>
            ))}
          </span>
        ),
    },
    { id: 'created', header: 'Created', cell: (r) => (r.created ? <RelativeTime iso={r.created} /> : '') },
  ]
  const table =
    list.status === 'failed'
      ? ({
          status: 'error',
          message: `The integrations could not be loaded: ${whatHappened(list.failure)}`,
          onRetry: load,
        } as const)
      : list.status === 'loaded' && list.data.vendor === vendor.name
        ? ({ status: 'loaded', rows: list.data.integrations } as const)
        : ({ status: 'loading' } as const)

  return (
    <div className={kit.page}>
      <PageHeader
        title={`${vendor.displayName} integrations`}
        breadcrumbs={crumbs}
        description="Source-control integrations the platform's services use to reach your repositories."
        actions={
          <Button variant="primary" icon={<Plus size={16} aria-hidden />} onClick={openNew}>
            Add integration
          </Button>
        }
      />
      <Table
        label={`${vendor.displayName} integrations`}
        columns={columns}
        state={table}
        rowKey={(r) => r.integrationKey}
        rowActions={(r) => (
          <span className={styles.rowActions}>
            <IconButton
              label={`Edit ${r.integrationName}`}
              icon={<Pencil size={16} aria-hidden />}
              onClick={() =>
                dispatch({
                  type: 'integrations/OpenGitModal',
                  vendor: vendor.name,
                  edit: {
                    integrationKey: r.integrationKey,
                    userName: r.userName,
                    integrationName: r.integrationName,
                    url: r.url,
                  },
                })
              }
            />
            <IconButton
              label={`Delete ${r.integrationName}`}
              icon={<Trash2 size={16} aria-hidden />}
              onClick={() => setDeleting(r)}
            />
          </span>
        )}
        empty={
          <EmptyState
            icon={<GitBranch size={32} />}
            title={`No ${vendor.displayName} integrations yet`}
            hint="Add one with an access token: the platform tests it with the vendor first."
            action={
              <Button variant="primary" onClick={openNew}>
                Add integration
              </Button>
            }
          />
        }
      />
      <GitModal displayName={vendor.displayName} />
      <AlertDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={`Delete ${deleting?.integrationName ?? ''}?`}
        description="Its services stop using it, and the stored token is removed from the platform."
        confirmLabel="Delete"
        onConfirm={() => {
          if (deleting)
            dispatch({ type: 'integrations/DeleteIntegration', integrationKey: deleting.integrationKey })
          setDeleting(null)
        }}
      />
    </div>
  )
}
