// Users: the list with a filter, delete with confirmation, and invitations by e-mail.
import { useState } from 'react'
import { filterUsers, validateInvitation, type AdminUser } from '../../domain/admin'
import { useDispatch } from '../shared/appContext'
import { useForm } from '../shared/forms'
import { Field, SaveError, useResource, useResourceRetry, useSaveState } from './shared'
import { ListPage, NamedTable, editPath, useDeletion, yesNo, type Column } from './ListPage'
import styles from './admin.module.css'

const mfaText = (u: AdminUser) =>
  u.mfaRequired
    ? u.mfaEnrolled
      ? 'Required, enrolled'
      : 'Required, not enrolled'
    : u.mfaEnrolled
      ? 'Enrolled'
      : 'Off'

/** An ISO instant as `YYYY-MM-DD HH:MM UTC`: the same text for every viewer. */
export const instantText = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`

const LIST = '/admin/management/users'

const USER_COLUMNS: ReadonlyArray<Column<AdminUser>> = [
  { header: 'E-mail', cell: (u) => u.email },
  { header: 'Admin', cell: (u) => yesNo(u.admin) },
  { header: 'Realm', cell: (u) => u.realm },
  { header: 'MFA', cell: mfaText },
  {
    header: 'Last login',
    cell: (u) =>
      u.lastLoginAt ? <time dateTime={u.lastLoginAt}>{instantText(u.lastLoginAt)}</time> : 'Never',
  },
]

export function UsersList() {
  const users = useResource('users')
  const retry = useResourceRetry('users')
  const deletion = useDeletion('user', 'userDelete', (name) => ({ kind: 'deleteUser', name }))
  const [filter, setFilter] = useState('')
  return (
    <ListPage
      retry={retry}
      title="Users"
      create={{ label: 'New User', href: `${LIST}/new` }}
      nav="Users"
      deletion={deletion}
      loadable={users}
      what="users"
      empty="There are no users yet."
      tools={
        <input
          type="search"
          aria-label="Filter users"
          placeholder="Filter by name or e-mail"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      }
      footer={<InviteForm />}
    >
      {(all) => {
        const shown = filterUsers(all, filter)
        return shown.length === 0 ? (
          <p>No user matches “{filter}”.</p>
        ) : (
          <NamedTable
            items={shown}
            name={(u) => u.name}
            href={(u) => editPath(LIST, u.name)}
            columns={USER_COLUMNS}
            deletion={deletion}
          />
        )
      }}
    </ListPage>
  )
}

/** Invites someone by e-mail: the server mails a single-use sign-up link. */
function InviteForm() {
  const dispatch = useDispatch()
  const save = useSaveState('invitation')
  const [sentTo, setSentTo] = useState<string | undefined>()
  const { bind, submit } = useForm({ email: '' }, validateInvitation)
  return (
    <form
      className={styles.form}
      aria-label="Invite a user"
      noValidate
      onSubmit={submit(({ email }) => {
        setSentTo(email)
        dispatch({ type: 'admin/Save', form: 'invitation', op: { kind: 'inviteUser', email } })
      })}
    >
      <h2>Invite by e-mail</h2>
      <SaveError save={save} />
      <Field label="E-mail to invite" type="email" autoComplete="off" {...bind('email')} />
      <button type="submit" disabled={save.status === 'pending'}>
        Send Invitation
      </button>
      {save.status === 'done' && sentTo && <p role="status">An invitation was sent to {sentTo}.</p>}
    </form>
  )
}
