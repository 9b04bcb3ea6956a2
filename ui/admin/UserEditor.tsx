// One form to create a user or change one; passwords go through the vault, never into a command.
import { Link, useParams } from 'wouter'
import { KeyValue } from '../shared/kit/Surface'
import { formActionsClass } from '../shared/kit/Field'
import { validateUser, type AdminUser, type Group } from '../../domain/admin'
import { useApp } from '../shared/appContext'
import { useForm } from '../shared/forms'
import { adminText, realmName } from './messages'
import { Checkbox, CheckboxList, EditorPage, Field, SaveError, useResource, useSaveState } from './shared'
import { RelativeTime } from '../shared/kit/RelativeTime'
import { Button, buttonClass } from '../shared/kit/Button'
import forms from '../shared/forms.module.css'

const LIST = '/admin/management/users'

const autoJoined = (groups: ReadonlyArray<Group>): ReadonlyArray<string> =>
  groups.filter((g) => g.autoJoin).map((g) => g.name)

export function UserEditor({ create }: { create: boolean }) {
  const { userName = '' } = useParams<{ userName?: string }>()
  const users = useResource('users')
  const groups = useResource('groups')
  // The groups to choose from come first: a user's groups are chosen among them.
  return (
    <EditorPage
      title={create ? 'New User' : `Edit User ${userName}`}
      create={create}
      choices={groups}
      choicesWhat="groups"
      items={users}
      what="user"
      name={userName}
      find={(u) => u.name === userName}
      form={(all, user) => <UserForm groups={all} initial={user} />}
    />
  )
}

function UserForm({ groups, initial }: { groups: ReadonlyArray<Group>; initial?: AdminUser }) {
  const app = useApp()
  const create = initial === undefined
  const save = useSaveState('user')
  const { bind, submit } = useForm(
    {
      name: initial?.name ?? '',
      email: initial?.email ?? '',
      password: '',
      admin: initial?.admin ?? false,
      mfaRequired: initial?.mfaRequired ?? false,
      passwordExpired: initial?.passwordExpired ?? false,
      credentialsExpired: initial?.credentialsExpired ?? false,
      disabled: initial?.disabled ?? false,
      resetMfa: false,
      // A new user joins the auto-join groups unless the admin unticks them.
      groups: initial?.groups ?? autoJoined(groups),
    },
    (v) => validateUser({ ...v, create }),
    adminText,
  )
  const onSubmit = submit(({ password, resetMfa, ...v }) => {
    // The vault keeps the password; the command carries only its reference.
    const passwordRef = password ? app.stashSecret(password) : undefined
    app.dispatch(
      {
        type: 'admin/Save',
        form: 'user',
        op: {
          kind: 'saveUser',
          create,
          user: {
            ...v,
            groups: [...v.groups],
            ...(passwordRef ? { passwordRef } : {}),
            ...(resetMfa ? { resetMfa } : {}),
          },
        },
      },
      'ui',
    )
  })
  return (
    <form className={forms.form} onSubmit={onSubmit} noValidate aria-label="User">
      <SaveError save={save} />
      {create ? (
        <Field label="Username" required autoComplete="off" {...bind('name')} />
      ) : (
        <KeyValue
          items={[
            { key: 'realm', label: 'Realm', value: realmName(initial.realm) },
            {
              key: 'lastLogin',
              label: 'Last login',
              value: initial.lastLoginAt ? <RelativeTime iso={initial.lastLoginAt} /> : 'Never',
            },
          ]}
        />
      )}
      <Field label="Email" required type="email" autoComplete="off" {...bind('email')} />
      <Field
        label={create ? 'Password' : 'New password'}
        type="password"
        autoComplete="new-password"
        required={create}
        {...bind('password')}
      />
      <Checkbox label="Administrator" {...bind('admin')} />
      <Checkbox label="MFA required" {...bind('mfaRequired')} />
      {!create && (
        <>
          <Checkbox label="Expire password (must change it at next login)" {...bind('passwordExpired')} />
          <Checkbox label="Expire credentials" {...bind('credentialsExpired')} />
          <Checkbox label="Disabled (signs in nowhere; ends its sessions and tokens)" {...bind('disabled')} />
          {initial.mfaEnrolled && (
            <Checkbox label="Reset MFA (enrol again at next login)" {...bind('resetMfa')} />
          )}
        </>
      )}
      <CheckboxList
        legend="Groups"
        options={groups.map((g) => g.name)}
        empty="There are no groups yet."
        {...bind('groups')}
      />
      <div className={formActionsClass}>
        <Link href={LIST} className={buttonClass()}>
          Cancel
        </Link>
        <Button type="submit" variant="primary" busy={save.status === 'pending'}>
          {create ? 'Create user' : 'Save'}
        </Button>
      </div>
    </form>
  )
}
