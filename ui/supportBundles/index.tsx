// Entry of the supportBundles area (the Support Zone page), a lazily loaded chunk mounted by
// ui/routes.tsx: create support bundles, follow them until built, download and delete them.
import { useEffect } from 'react'
import { useDispatch, useQuery } from '../shared/appContext'
import { BundleForm } from './BundleForm'
import { BundlesTable } from './BundlesTable'
import kit from '../shared/kit/page.module.css'
import { Card, PageHeader } from '../shared/kit/Surface'
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
    <section aria-labelledby="page-title" className={`${kit.page} ${kit.roomy}`}>
      {/* The retention status is a fact of the platform beside the page's purpose, not a badge:
          a green pill at the top of Support Zone read as this page's own state. */}
      <PageHeader
        title="Support Zone"
        description={
          <>
            Gather the nodes&apos; logs, configuration and thread dumps for whoever helps you.{' '}
            <span className={styles.retention} data-status={retention.status}>
              Release bundle retention: {RETENTION_TEXT[retention.status]}
              {retention.failed ? ' (its status could not be read)' : ''}.
            </span>
          </>
        }
      />
      {/* Both blocks are kit cards with their title inside (the form's was, the list's stood above
          its table). */}
      <Card title="Create a support bundle">
        <BundleForm />
      </Card>
      <BundlesTable />
    </section>
  )
}
