// Entry of the supportBundles area (the Support Zone page), a lazily loaded chunk mounted by
// ui/routes.tsx: create support bundles, follow them until built, download and delete them.
import { useEffect } from 'react'
import { useDispatch, useQuery } from '../shared/appContext'
import { BundleForm } from './BundleForm'
import { BundlesTable } from './BundlesTable'
import styles from './supportZone.module.css'

const RETENTION_TEXT = {
  idle: 'checking…',
  loading: 'checking…',
  enabled: 'enabled',
  disabled: 'disabled',
} as const

export default function SupportZonePage() {
  const dispatch = useDispatch()
  const retention = useQuery({ type: 'supportBundles/Page' }).retention
  useEffect(() => {
    dispatch({ type: 'supportBundles/Open' })
    dispatch({ type: 'supportBundles/CheckRetention' })
    return () => dispatch({ type: 'supportBundles/Close' })
  }, [dispatch])
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Support Zone</h1>
      <p className={styles.meta}>
        Release bundle retention: {RETENTION_TEXT[retention.status]}
        {retention.failed ? ' (its status could not be read)' : ''}
      </p>
      <h2>Create a support bundle</h2>
      <BundleForm />
      <BundlesTable />
    </section>
  )
}
