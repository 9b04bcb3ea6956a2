/**
 * The data-transfer quota banner (spec 001 section 8): shown over every page while the
 * platform's `/ui/subscription/blockedUsages` lists DATA_TRANSFER, with the way to buy more.
 */
import { TriangleAlert } from 'lucide-react'
import { dataTransferBlocked } from '../../domain/platform'
import { useQuery } from '../shared/appContext'
import { messageText } from '../shared/messages'
import styles from './layout.module.css'

/** Where the subscription is upgraded. */
export const PURCHASE_URL = 'https://jfrog.com/pricing/'

export function QuotaBanner() {
  const platform = useQuery({ type: 'platform/State' })
  if (!dataTransferBlocked(platform)) return null
  return (
    <div role="alert" className={styles.quotaBanner}>
      <TriangleAlert size={16} aria-hidden />
      <p>
        {messageText({ key: 'dataTransferQuota' })}{' '}
        <a href={PURCHASE_URL} target="_blank" rel="noopener noreferrer">
          {messageText({ key: 'dataTransferUpgrade' })}
        </a>
      </p>
    </div>
  )
}
