// A list of client tokens with their scope and dates, each with Revoke (after a confirmation).
import { useState } from 'react'
import { KeyRound } from 'lucide-react'
import type { ClientToken, TokenOwner } from '../../domain/tokens'
import { platformSaidOr } from '../../domain/shared/failure'
import { useDispatch, useQuery } from '../shared/appContext'
import { formatDateTime } from '../shared/dates'
import { Button } from '../shared/kit/Button'
import { FailureNote } from '../shared/kit/LoadFailure'
import { AlertDialog } from '../shared/kit/Overlay'
import { EmptyState } from '../shared/kit/Surface'
import { Table, type Column, type TableState } from '../shared/kit/Table'
import { accessText, repositoriesText } from './messages'

/** A token's name in a sentence: its description, else its id (a token may have none). */
export const tokenName = (token: ClientToken): string =>
  token.description === '' ? `token ${token.id.slice(0, 8)}` : token.description

export function TokenTable({
  owner,
  label,
  empty,
}: {
  readonly owner: TokenOwner
  readonly label: string
  readonly empty: string
}) {
  const dispatch = useDispatch()
  const tokens = useQuery({ type: 'tokens/State' })
  const list = tokens.lists[owner]
  const revocation = tokens.revoke[owner]
  const [asked, setAsked] = useState<ClientToken | null>(null)
  const columns: Column<ClientToken>[] = [
    { id: 'description', header: 'Description', cell: tokenName, rowHeader: true },
    ...(owner === 'all' ? [{ id: 'user', header: 'User', cell: (t: ClientToken) => t.user }] : []),
    { id: 'repositories', header: 'Repositories', cell: (t) => repositoriesText(t.scope) },
    { id: 'access', header: 'Access', cell: (t) => accessText(t.scope.access) },
    { id: 'created', header: 'Created', cell: (t) => formatDateTime(t.createdAt) },
    { id: 'expires', header: 'Expires', cell: (t) => formatDateTime(t.expiresAt) },
  ]
  const retry = () => dispatch({ type: 'tokens/Load', owner })
  const data = list.status === 'loaded' ? list.data : list.status === 'loading' ? list.previous : undefined
  const state: TableState<ClientToken> =
    list.status === 'failed'
      ? {
          status: 'error',
          message: platformSaidOr(list.failure, 'The tokens could not be loaded.'),
          onRetry: retry,
        }
      : data === undefined
        ? { status: 'loading' }
        : { status: 'loaded', rows: data.tokens }
  const failed = revocation.status === 'failed' ? revocation : undefined
  const failedToken = failed && data?.tokens.find((t) => t.id === failed.id)
  return (
    <>
      {failed && (
        <FailureNote>
          {`The token${failedToken ? ` “${tokenName(failedToken)}”` : ''} could not be revoked: ${platformSaidOr(failed.failure, 'the platform refused it')}`}
        </FailureNote>
      )}
      <Table
        label={label}
        columns={columns}
        state={state}
        rowKey={(t) => t.id}
        skeletonRows={2}
        empty={<EmptyState icon={<KeyRound size={28} />} title={empty} />}
        rowActions={(t) => (
          <Button
            size="sm"
            variant="danger"
            aria-label={`Revoke ${tokenName(t)}`}
            busy={revocation.status === 'pending' && revocation.id === t.id}
            onClick={() => setAsked(t)}
          >
            Revoke
          </Button>
        )}
      />
      <AlertDialog
        open={asked !== null}
        onOpenChange={(open) => {
          if (!open) setAsked(null)
        }}
        title="Revoke this token?"
        description={
          asked
            ? `Clients that sign in with “${tokenName(asked)}”${owner === 'all' ? ` (${asked.user})` : ''} are refused from now on.`
            : ''
        }
        confirmLabel="Revoke"
        onConfirm={() => {
          if (asked) dispatch({ type: 'tokens/Revoke', owner, id: asked.id })
          setAsked(null)
        }}
      />
    </>
  )
}
