// A node's service id as Topology's cards and Service Status's tables show it: `jfrt@<uuid>` may
// break after the `@` (the service's code, then the platform's id whole), never mid-id.
import { Fragment } from 'react'
import facts from './nodeFacts.module.css'

export function ServiceId({ id }: { readonly id: string }) {
  const at = id.indexOf('@')
  return (
    <span className={facts.serviceId}>
      {at < 0 ? (
        id
      ) : (
        <Fragment>
          {id.slice(0, at + 1)}
          <wbr />
          <span className={facts.serviceIdTail}>{id.slice(at + 1)}</span>
        </Fragment>
      )}
    </span>
  )
}
