/**
 * Administration → Contact Requests (the contact area's data, on an admin page): what trial and tour users sent through the contact-us
 * form, newest first, as the platform stored them (skeleton, empty, error with Retry).
 */
import { useEffect } from 'react'
import { Inbox, RefreshCw } from 'lucide-react'
import type { ContactRecord } from '../../domain/contact'
import { useDispatch, useQuery } from '../shared/appContext'
import { Button } from '../shared/kit/Button'
import { RelativeTime } from '../shared/kit/RelativeTime'
import { EmptyState, PageHeader } from '../shared/kit/Surface'
import { Table, type Column, type TableState } from '../shared/kit/Table'
import { whatHappened } from '../shared/failureText'

const columns: ReadonlyArray<Column<ContactRecord>> = [
  { id: 'name', header: 'Name', cell: (r) => `${r.firstName} ${r.lastName}` },
  { id: 'email', header: 'Email', cell: (r) => r.email },
  { id: 'country', header: 'Country', cell: (r) => r.country },
  { id: 'helpOption', header: 'Request', cell: (r) => r.helpOption },
  { id: 'comment', header: 'Comment', cell: (r) => r.optionalComment },
  { id: 'createdAt', header: 'Received', cell: (r) => <RelativeTime iso={r.createdAt} />, width: '9rem' },
]

export default function ContactRequests() {
  const dispatch = useDispatch()
  const list = useQuery({ type: 'contact/Requests' })
  const load = () => dispatch({ type: 'contact/LoadRequests' })
  useEffect(load, [dispatch])
  const state: TableState<ContactRecord> =
    list?.status === 'loaded'
      ? { status: 'loaded', rows: list.requests }
      : list?.status === 'failed'
        ? {
            status: 'error',
            message: `The contact requests could not be loaded: ${whatHappened(list.failure)}.`,
            onRetry: load,
          }
        : list?.previous
          ? { status: 'loaded', rows: list.previous }
          : { status: 'loading' }
  return (
    <section aria-label="Contact Requests">
      <PageHeader
        title="Contact Requests"
        description="Requests sent from the Contact Us form by trial and tour users."
        actions={
          <Button icon={<RefreshCw size={16} aria-hidden />} onClick={load} busy={list?.status === 'loading'}>
            Refresh
          </Button>
        }
      />
      <Table
        label="Contact requests"
        columns={columns}
        state={state}
        rowKey={(r) => String(r.id)}
        empty={
          <EmptyState
            icon={<Inbox size={24} />}
            title="No contact requests yet"
            hint="Requests appear here as trial and tour users send the Contact Us form."
          />
        }
      />
    </section>
  )
}
