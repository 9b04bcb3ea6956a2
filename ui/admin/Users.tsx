// Users: the list with a filter, delete with confirmation, and invitations by email.
import { useState } from 'react'
import { filterUsers, validateInvitation, type AdminUser } from '../../domain/admin'
import { useDispatch } from '../shared/appContext'
import { useForm } from '../shared/forms'
import { adminText, realmName } from './messages'
import { Field, SaveError, useResource, useResourceRetry, useSaveState } from './shared'
import { ListPage, NamedTable, editPath, useDeletion, type Column } from './ListPage'
import { Mail, Search, SearchX } from 'lucide-react'
import { Button } from '../shared/kit/Button'
import { inputClass } from '../shared/kit/Field'
import { Badge, EmptyState } from '../shared/kit/Surface'
import { RelativeTime } from '../shared/kit/RelativeTime'
import kit from '../shared/kit/page.module.css'
import surface from '../shared/kit/surface.module.css'
import forms from '../shared/forms.module.css'
import styles from './admin.module.css'

const mfaText = (u: AdminUser) =>
  u.mfaRequired
    ? u.mfaEnrolled
      ? 'Required, enrolled'
      : 'Required, not enrolled'
    : u.mfaEnrolled
      ? 'Enrolled'
      : 'Off'

const LIST = '/admin/management/users'

// Who is an admin is a badge by the name, not a column: a column of Yes and No left no room at
// 1024 px for the MFA state, which broke after its comma.
const USER_COLUMNS: ReadonlyArray<Column<AdminUser>> = [
  { header: 'Realm', cell: (u) => realmName(u.realm) },
  { header: 'MFA', cell: (u) => <span className={styles.keepWhole}>{mfaText(u)}</span> },
  {
    header: 'Last login',
    cell: (u) => (u.lastLoginAt ? <RelativeTime iso={u.lastLoginAt} /> : 'Never'),
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
      description="The people who sign in to the platform: whether they may sign in, their realm, second factor and last login."
      create={{ label: 'New user', href: `${LIST}/new`, first: 'Create the first user' }}
      nav="Users"
      deletion={deletion}
      loadable={users}
      what="users"
      empty="There are no users yet"
      tools={
        <span className={styles.searchBox}>
          <Search size={16} aria-hidden className={styles.searchIcon} />
          <input
            type="search"
            className={inputClass}
            aria-label="Filter users"
            placeholder="Filter by name or email"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
        </span>
      }
      footer={<InviteForm />}
    >
      {(all) => {
        const shown = filterUsers(all, filter)
        return shown.length === 0 ? (
          <div className={kit.panel}>
            <EmptyState icon={<SearchX size={28} />} title={`No user matches “${filter}”`} />
          </div>
        ) : (
          <NamedTable
            label="Users"
            items={shown}
            nameHeader="User"
            name={(u) => u.name}
            // The address under the name, not a column of its own: at 1024 px the column broke
            // addresses before their '@', or, kept whole, scrolled the table sideways.
            detail={(u) => u.email}
            href={(u) => editPath(LIST, u.name)}
            columns={USER_COLUMNS}
            // A disabled account signs in nowhere: marked by its name, in words, where admins look.
            mark={(u) =>
              (u.admin || u.disabled) && (
                <>
                  {u.admin && <Badge tone="accent">Admin</Badge>}
                  {u.admin && u.disabled && ' '}
                  {u.disabled && <Badge tone="danger">Disabled</Badge>}
                </>
              )
            }
            deletion={deletion}
          />
        )
      }}
    </ListPage>
  )
}

/** Invites someone by email: the server mails a single-use sign-up link. */
function InviteForm() {
  const dispatch = useDispatch()
  const save = useSaveState('invitation')
  // Sent: the toast says to whom (the spec's success notification), not a second line here.
  const { bind, submit } = useForm({ email: '' }, validateInvitation, adminText)
  return (
    <form
      className={`${forms.form} ${styles.inviteForm}`}
      aria-label="Invite a user"
      noValidate
      onSubmit={submit(({ email }) => {
        dispatch({ type: 'admin/Save', form: 'invitation', op: { kind: 'inviteUser', email } })
      })}
    >
      <h2 className={surface.cardTitle}>
        <Mail size={18} aria-hidden />
        Invite by email
      </h2>
      <SaveError save={save} />
      <div className={styles.inviteRow}>
        <Field label="Email to invite" required type="email" autoComplete="off" {...bind('email')} />
        <div>
          <Button type="submit" variant="primary" busy={save.status === 'pending'}>
            Send invitation
          </Button>
        </div>
      </div>
    </form>
  )
}
