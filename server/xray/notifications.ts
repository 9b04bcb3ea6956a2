/**
 * The notify action of a policy's rule: each new violation under such a rule owes a notification
 * (written with the violation, server/xray/store.ts), and the notifier sends those due to the
 * webhook of the scans settings, a JSON POST of up to 100 at a time. A webhook that fails (no
 * answer in 10 s, or not 2xx) is tried again later, five times in all; a violation an ignore rule
 * lifted before its notification went is not sent; with no webhook set the notifications stay
 * listed as unsent. Nodes claim what they send (a claim ends after five minutes, so another node
 * sends what a node that died had claimed).
 */
import { randomUUID } from 'node:crypto'
import { isoNow, type Clock } from '../clock'
import type { ServerContext } from '../context'
import { readAll, upstreamRequest, UpstreamFault } from '../upstream/fetch'
import { xrayStore, type NotificationRow, type XrayStore } from './store'

/** Notifications one POST carries at most. */
export const NOTIFY_BATCH = 100
/** Notifications ended at most in one commit when no webhook is set (nothing is posted). */
const UNSENT_BATCH = 1000
/** Attempts before a notification is given up. */
export const NOTIFY_ATTEMPTS = 5
const ANSWER_WITHIN_MS = 10_000
/** A webhook's answer is read and dropped; a longer one is cut short. */
const ANSWER_BYTES = 1024 * 1024
const CLAIM_MS = 5 * 60_000
/** Waits before each next attempt: 30 s, then doubled. */
const retryAfterMs = (attempts: number) => 30_000 * 2 ** attempts

const later = (at: string, ms: number) => new Date(Date.parse(at) + ms).toISOString()

/** The body the webhook receives: what was found where, under which watch, policy and rule. */
export function notificationBody(rows: readonly NotificationRow[], sentAt: string) {
  return {
    event: 'xray.violations',
    sent: sentAt,
    violations: rows.map((r) => ({
      id: r.id,
      created: r.created,
      resource: r.resource,
      package: r.packageId ? r.packageId.replace(/^[a-z]+:\/\//, '') : null,
      package_type: r.packageId ? (/^([a-z]+):\/\//.exec(r.packageId)?.[1] ?? null) : null,
      version: r.version,
      repository: r.repo,
      watch: r.watch,
      policy: r.policy,
      rule: r.rule,
      type: r.type,
      issue: r.issue,
      component: r.component,
      severity: r.severity,
    })),
  }
}

/**
 * Why a POST did not deliver, or undefined when the webhook took it (2xx). Sent through the
 * platform's guarded outgoing call (upstream/fetch.ts): never to a link-local or cloud metadata
 * address, named or resolved; a redirect is not followed (it is not 2xx).
 */
export async function postNotifications(url: string, body: unknown): Promise<string | undefined> {
  try {
    const res = await upstreamRequest(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'platform-xray-notifications' },
      body: JSON.stringify(body),
      redirect: 'manual',
      limits: { connectTimeoutMs: ANSWER_WITHIN_MS, readTimeoutMs: ANSWER_WITHIN_MS, maxBytes: ANSWER_BYTES },
    })
    await readAll(res).catch(() => undefined)
    return res.status >= 200 && res.status < 300 ? undefined : `the webhook answered ${res.status}`
  } catch (error) {
    if (error instanceof UpstreamFault && (error.kind === 'connectTimeout' || error.kind === 'readTimeout'))
      return `no answer within ${ANSWER_WITHIN_MS / 1000} s`
    return `not reached: ${(error as Error).message}`.slice(0, 500)
  }
}

export function createNotifier(store: XrayStore, now: () => string) {
  let sending: Promise<number> | undefined
  let again = false

  /**
   * Claims what is due and ends, in the same commit, what needs no POST (those an ignore rule
   * lifted; all of them when no webhook is set). Answers how many it claimed, and what to post where.
   */
  const claimDue = (claim: string, at: string) =>
    store.transaction(async (s) => {
      const url = (await s.scanSettings()).notifyUrl
      const claimed = await s.claimNotifications(
        claim,
        at,
        later(at, CLAIM_MS),
        url ? NOTIFY_BATCH : UNSENT_BATCH,
      )
      await s.finishNotifications(
        claim,
        claimed.filter((n) => n.lifted).map((n) => n.id),
        { status: 'ignored', at, attempted: false },
      )
      const due = claimed.filter((n) => !n.lifted)
      if (!url)
        await s.finishNotifications(
          claim,
          due.map((n) => n.id),
          { status: 'unsent', at, error: 'no webhook was set', attempted: false },
        )
      return { count: claimed.length, url, due: url ? due : [] }
    })

  /** One claim's worth: answers how many notifications it ended (sent, ignored, unsent, failed). */
  const sendBatch = async (): Promise<number> => {
    const claim = randomUUID()
    const at = now()
    const { count, url, due } = await claimDue(claim, at)
    if (!url || due.length === 0) return count
    const failure = await postNotifications(url, notificationBody(due, at))
    const done = now()
    if (failure === undefined) {
      await store.finishNotifications(
        claim,
        due.map((n) => n.id),
        { status: 'sent', at: done, attempted: true },
      )
      return count
    }
    // Those at their last attempt are given up; the others wait, longer after each attempt.
    for (const attempts of new Set(due.map((n) => n.attempts))) {
      const last = attempts + 1 >= NOTIFY_ATTEMPTS
      await store.finishNotifications(
        claim,
        due.filter((n) => n.attempts === attempts).map((n) => n.id),
        {
          status: last ? 'failed' : 'pending',
          at: done,
          next: last ? done : later(done, retryAfterMs(attempts)),
          error: failure,
          attempted: true,
        },
      )
    }
    return count
  }

  /** Sends what is due until nothing is; one run at a time, a call during a run runs it again. */
  const deliver = (): Promise<number> => {
    if (sending) {
      again = true
      return sending
    }
    sending = (async () => {
      let ended = 0
      do {
        again = false
        for (let n; (n = await sendBatch()) > 0;) ended += n
      } while (again)
      return ended
    })().finally(() => {
      sending = undefined
    })
    return sending
  }
  /** Answers when the run under way, if any, is over. */
  const idle = async () => {
    await sending?.catch(() => undefined)
  }
  return { deliver, idle }
}

export type Notifier = ReturnType<typeof createNotifier>

const notifiers = new WeakMap<object, Notifier>()

/**
 * The node's one notifier: what a scan's commit sets off (the scan service's and the git
 * scanner's) and the node's schedule share its one run at a time.
 */
export function notifierFor(ctx: Pick<ServerContext, 'sql' | 'clock'>): Notifier {
  let n = notifiers.get(ctx.sql)
  if (!n) {
    n = createNotifier(xrayStore(ctx.sql), () => isoNow(ctx.clock))
    notifiers.set(ctx.sql, n)
  }
  return n
}

/** Sends the notifications due every `intervalMs` of the platform's clock; answers the function that stops it. */
export function startNotifications(
  clock: Clock,
  deliver: () => Promise<unknown>,
  intervalMs: number,
): () => void {
  return clock.every(intervalMs, () => {
    deliver().catch((error: unknown) => console.error(`Violation notifications: ${String(error)}`))
  })
}
