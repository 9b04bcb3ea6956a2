// Entry of the supportBundles area (the Support Zone page), a lazily loaded chunk mounted by
// ui/routes.tsx: create support bundles, follow them until built, download and delete them.
import { useEffect } from 'react'
import { useDispatch, useQuery } from '../shared/appContext'
import { BundleForm } from './BundleForm'
import { BundlesTable } from './BundlesTable'
import kit from '../shared/kit/page.module.css'
import { Card, PageHeader } from '../shared/kit/Surface'
import styles from './supportZone.module.css'
import { retentionText } from './messages'

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
      {/* The subtitle says what the page is for; release-bundle retention is another feature's
          setting, said once at the page's foot (as a badge, then in the subtitle, it read as
          this page's own state). */}
      <PageHeader
        title="Support Zone"
        description="Gather the nodes' logs, configuration and thread dumps for whoever helps you."
      />
      {/* Both blocks are kit cards with their title inside (the form's was, the list's stood above
          its table). */}
      <Card title="Create a support bundle">
        <BundleForm />
      </Card>
      <BundlesTable />
      <p className={styles.retention} data-status={retention.status}>
        {retentionText(retention)}
      </p>
    </section>
  )
}
