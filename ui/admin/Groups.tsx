// Groups: the list, and one form to create or change a group (description, auto-join, members).
import { Link, useParams } from 'wouter'
import { validateGroup, type Group } from '../../domain/admin'
import { useDispatch } from '../shared/appContext'
import { useForm } from '../shared/forms'
import { adminText } from './messages'
import { Checkbox, CheckboxList, EditorPage, Field, SaveError, useResource, useSaveState } from './shared'
import { ListPage, NamedTable, editPath, useDeletion, yesNo } from './ListPage'
import { Button, buttonClass } from '../shared/kit/Button'
import { formActionsClass } from '../shared/kit/Field'
import forms from '../shared/forms.module.css'

const LIST = '/admin/management/groups'

export function GroupsList() {
  const groups = useResource('groups')
  const deletion = useDeletion('group', 'groupDelete', (name) => ({ kind: 'deleteGroup', name }))
  return (
    <ListPage
      title="Groups"
      create={{ label: 'New group', href: `${LIST}/new`, first: 'Create the first group' }}
      nav="Groups"
      deletion={deletion}
      loadable={groups}
      what="groups"
      empty="There are no groups yet"
      description="A group gives its members the same permissions at once."
    >
      {(items) => (
        <NamedTable
          label="Groups"
          items={items}
          name={(g) => g.name}
          href={(g) => editPath(LIST, g.name)}
          columns={[
            { header: 'Description', cell: (g) => g.description },
            { header: 'Auto-join', cell: (g) => yesNo(g.autoJoin) },
            { header: 'Members', cell: (g) => g.members.length },
          ]}
          deletion={deletion}
        />
      )}
    </ListPage>
  )
}

export function GroupEditor({ create }: { create: boolean }) {
  const { groupName = '' } = useParams<{ groupName?: string }>()
  const groups = useResource('groups')
  const users = useResource('users')
  return (
    <EditorPage
      title={create ? 'New Group' : `Edit Group ${groupName}`}
      create={create}
      choices={users}
      choicesWhat="users"
      items={groups}
      what="group"
      name={groupName}
      find={(g) => g.name === groupName}
      form={(all, group) => <GroupForm users={all.map((u) => u.name)} initial={group} />}
    />
  )
}

function GroupForm({ users, initial }: { users: ReadonlyArray<string>; initial?: Group }) {
  const dispatch = useDispatch()
  const create = initial === undefined
  const save = useSaveState('group')
  const { bind, submit } = useForm(
    {
      name: initial?.name ?? '',
      description: initial?.description ?? '',
      autoJoin: initial?.autoJoin ?? false,
      members: initial?.members ?? ([] as ReadonlyArray<string>),
    },
    validateGroup,
    adminText,
  )
  return (
    <form
      className={forms.form}
      noValidate
      aria-label="Group"
      onSubmit={submit((group) =>
        dispatch({
          type: 'admin/Save',
          form: 'group',
          op: { kind: 'saveGroup', create, group: { ...group, members: [...group.members] } },
        }),
      )}
    >
      <SaveError save={save} />
      {create && <Field label="Group name" required autoComplete="off" {...bind('name')} />}
      <Field label="Description" multiline {...bind('description')} />
      <Checkbox label="Automatically join new users to this group" {...bind('autoJoin')} />
      <CheckboxList legend="Members" options={users} empty="There are no users yet." {...bind('members')} />
      <div className={formActionsClass}>
        <Link href={LIST} className={buttonClass()}>
          Cancel
        </Link>
        <Button type="submit" variant="primary" busy={save.status === 'pending'}>
          {create ? 'Create group' : 'Save'}
        </Button>
      </div>
    </form>
  )
}
