/**
 * Edit Profile's access tokens: make one (its value shown once, here, until dismissed), list the
 * live ones and revoke them. Its own chunk: the login family's screens do not need it.
 */
import { useEffect } from 'react'
import { useApp, useDispatch, useQuery } from '../shared/appContext'
import { Button } from '../shared/kit/Button'
import { CodeBlock } from '../shared/kit/CodeBlock'
import { Card } from '../shared/kit/Surface'
import { NewTokenForm } from './NewTokenForm'
import { TokenTable, tokenName } from './TokenTable'

function NewTokenSecret() {
  const app = useApp()
  const dispatch = useDispatch()
  const create = useQuery({ type: 'tokens/State' }).create
  // Leaving the screen forgets the value: it cannot be shown again.
  const made = create.status === 'created'
  useEffect(
    () => () => {
      if (made) dispatch({ type: 'tokens/DismissSecret' })
    },
    [made, dispatch],
  )
  if (create.status !== 'created') return null
  const secret = app.shown.clientTokens.get(create.secretRef)
  return (
    <section aria-label="New token">
      <p role="status">{`The token “${tokenName(create.token)}” was made.`}</p>
      {secret === undefined ? (
        <p role="alert">The token’s value is no longer available: revoke it and make another.</p>
      ) : (
        <>
          <p>Copy it now: it is not shown again.</p>
          <CodeBlock code={secret} label="new token" wrap />
        </>
      )}
      <Button onClick={() => dispatch({ type: 'tokens/DismissSecret' })}>Done</Button>
    </section>
  )
}

/** `className`: the page's placement of the card (the profile gives it a row of its own). */
export default function MyTokens({ className }: { readonly className?: string }) {
  const dispatch = useDispatch()
  const list = useQuery({ type: 'tokens/State' }).lists.mine
  useEffect(() => {
    dispatch({ type: 'tokens/Load', owner: 'mine' })
  }, [dispatch])
  const limits = list.status === 'loaded' ? list.data : list.status === 'loading' ? list.previous : undefined
  return (
    <Card title="Access tokens" className={className}>
      <p>
        A token signs in the npm CLI and other clients in place of your password, for as long and as far as
        you choose. The value is shown once, when it is made.
      </p>
      {limits && <NewTokenForm defaultDays={limits.defaultDays} maxDays={limits.maxDays} />}
      <NewTokenSecret />
      <TokenTable owner="mine" label="My access tokens" empty="You have no access tokens" />
    </Card>
  )
}
