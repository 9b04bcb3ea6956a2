// Permissions: the list, and one form to create or change a permission target: repositories,
// include/exclude patterns, and the users and groups with the actions granted to each.
import { useState } from 'react'
import { Link, useParams } from 'wouter'
import {
  PERMISSION_ACTIONS,
  permissionDraft,
  permissionFormValues,
  validatePermission,
  type Permission,
  type PrincipalKind,
  type PrincipalRow,
} from '../../domain/admin'
import { useDispatch } from '../shared/appContext'
import { useForm } from '../shared/forms'
import { adminText } from './messages'
import { Checkbox, EditorPage, Field, Ready, SaveError, useResource, useSaveState } from './shared'
import { ListPage, NamedTable, editPath, useDeletion } from './ListPage'
import { Plus } from 'lucide-react'
import { Button, buttonClass } from '../shared/kit/Button'
import { Field as KitField, formActionsClass } from '../shared/kit/Field'
import { Select } from '../shared/kit/Select'
import surface from '../shared/kit/surface.module.css'
import forms from '../shared/forms.module.css'
import styles from './admin.module.css'

const LIST = '/admin/management/permissions'

/** A list of names, or None: a blank cell read as a value not yet loaded. */
const named = (names: ReadonlyArray<string>) => (names.length === 0 ? 'None' : names.join(', '))

export function PermissionsList() {
  const permissions = useResource('permissions')
  const deletion = useDeletion('permission', 'permissionDelete', (name) => ({
    kind: 'deletePermission',
    name,
  }))
  return (
    <ListPage
      title="Permissions"
      create={{ label: 'New permission', href: `${LIST}/create`, first: 'Create the first permission' }}
      nav="Permissions"
      deletion={deletion}
      loadable={permissions}
      what="permissions"
      empty="There are no permissions yet"
      description="A permission says which users and groups may read, deploy or delete in which repositories."
    >
      {(items) => (
        <NamedTable
          label="Permissions"
          items={items}
          name={(p) => p.name}
          href={(p) => editPath(LIST, p.name)}
          columns={[
            { header: 'Repositories', cell: (p) => named(p.repositories) },
            { header: 'Users', cell: (p) => named(Object.keys(p.users)) },
            { header: 'Groups', cell: (p) => named(Object.keys(p.groups)) },
          ]}
          deletion={deletion}
        />
      )}
    </ListPage>
  )
}

export function PermissionEditor({ create }: { create: boolean }) {
  const { permissionName = '' } = useParams<{ permissionName?: string }>()
  const permissions = useResource('permissions')
  const users = useResource('users')
  const groups = useResource('groups')
  return (
    <Ready loadable={users} what="users">
      {(u) => (
        <EditorPage
          title={create ? 'New Permission' : `Edit Permission ${permissionName}`}
          create={create}
          choices={groups}
          choicesWhat="groups"
          items={permissions}
          what="permission"
          name={permissionName}
          find={(p) => p.name === permissionName}
          form={(g, p) => (
            <PermissionForm known={{ user: u.map((x) => x.name), group: g.map((x) => x.name) }} initial={p} />
          )}
        />
      )}
    </Ready>
  )
}

type Known = Readonly<Record<PrincipalKind, ReadonlyArray<string>>>

function PermissionForm({ known, initial }: { known: Known; initial?: Permission }) {
  const dispatch = useDispatch()
  const create = initial === undefined
  const save = useSaveState('permission')
  const form = useForm(
    permissionFormValues(initial),
    (v) => validatePermission(permissionDraft(v)),
    adminText,
  )
  const { bind, values, set } = form
  const principals = values.principals
  const setRow = (at: number, row: PrincipalRow | undefined) =>
    set({
      principals: row
        ? principals.map((r, i) => (i === at ? row : r))
        : principals.filter((_r, i) => i !== at),
    })
  return (
    <form
      className={forms.form}
      noValidate
      aria-label="Permission"
      onSubmit={form.submit((v) => {
        const d = permissionDraft(v)
        dispatch({
          type: 'admin/Save',
          form: 'permission',
          op: {
            kind: 'savePermission',
            create,
            permission: {
              ...d,
              repositories: [...d.repositories],
              includePatterns: [...d.includePatterns],
              excludePatterns: [...d.excludePatterns],
              users: mutable(d.users),
              groups: mutable(d.groups),
            },
          },
        })
      })}
    >
      <SaveError save={save} />
      {create && <Field label="Permission name" required autoComplete="off" {...bind('name')} />}
      <Field label="Repositories (one per line)" multiline {...bind('repositories')} />
      <Field label="Include patterns (one per line)" multiline {...bind('includePatterns')} />
      <Field label="Exclude patterns (one per line)" multiline {...bind('excludePatterns')} />
      <h2 className={surface.cardTitle}>Users and groups</h2>
      {principals.length === 0 && <p className={styles.muted}>No user or group has any action yet.</p>}
      {principals.map((row, at) => (
        <fieldset key={`${row.kind}:${row.name}`} className={forms.choices}>
          <legend>
            {row.kind} {row.name}
          </legend>
          <div className={forms.choiceGrid}>
            {PERMISSION_ACTIONS.map((action) => (
              <Checkbox
                key={action}
                label={action}
                value={row.actions.includes(action)}
                onChange={(on) =>
                  setRow(at, {
                    ...row,
                    actions: on ? [...row.actions, action] : row.actions.filter((a) => a !== action),
                  })
                }
              />
            ))}
          </div>
          <div className={formActionsClass}>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove ${row.kind} ${row.name}`}
              onClick={() => setRow(at, undefined)}
            >
              Remove
            </Button>
          </div>
        </fieldset>
      ))}
      {form.errorOf('principals') && (
        <p role="alert" className={styles.error}>
          {form.errorOf('principals')}
        </p>
      )}
      <AddPrincipal
        known={known}
        taken={principals}
        onAdd={(kind, name) => set({ principals: [...principals, { kind, name, actions: ['read'] }] })}
      />
      <div className={formActionsClass}>
        <Link href={LIST} className={buttonClass()}>
          Cancel
        </Link>
        <Button type="submit" variant="primary" busy={save.status === 'pending'}>
          {create ? 'Create permission' : 'Save'}
        </Button>
      </div>
    </form>
  )
}

const mutable = (grants: Readonly<Record<string, ReadonlyArray<string>>>): Record<string, string[]> =>
  Object.fromEntries(Object.entries(grants).map(([k, v]) => [k, [...v]]))

/** Picks a user or group that has no row yet; it starts with the read action. */
function AddPrincipal({
  known,
  taken,
  onAdd,
}: {
  known: Known
  taken: ReadonlyArray<PrincipalRow>
  onAdd: (kind: PrincipalKind, name: string) => void
}) {
  const [kind, setKind] = useState<PrincipalKind>('user')
  const free = known[kind].filter((n) => !taken.some((r) => r.kind === kind && r.name === n))
  const [chosen, setChosen] = useState('')
  const name = free.includes(chosen) ? chosen : (free[0] ?? '')
  return (
    <div role="group" aria-label="Add a user or group" className={styles.inlineFields}>
      <KitField label="Principal type">
        <Select<PrincipalKind>
          value={kind}
          onValueChange={setKind}
          options={[
            { value: 'user', label: 'User' },
            { value: 'group', label: 'Group' },
          ]}
        />
      </KitField>
      <KitField label="Principal">
        <Select
          value={name}
          onValueChange={setChosen}
          disabled={free.length === 0}
          placeholder={`No ${kind} left to add`}
          options={free.map((n) => ({ value: n, label: n }))}
        />
      </KitField>
      <Button icon={<Plus size={16} aria-hidden />} disabled={name === ''} onClick={() => onAdd(kind, name)}>
        Add
      </Button>
    </div>
  )
}
