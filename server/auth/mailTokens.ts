/**
 * Single-use tokens sent by mail (password reset, invitation). Only their sha256 is stored;
 * using one is an UPDATE that succeeds once.
 */
import { randomBytes } from 'node:crypto'
import { hashToken } from '../context'
import { isoNow } from '../clock'
import type { SessionStore } from './sessions'
import { mailTokenRecords, type MailTokenKind, type MailTokenRow } from './store'

export const RESET_TOKEN_MS = 60 * 60 * 1000
export const INVITATION_TOKEN_MS = 7 * 24 * 60 * 60 * 1000

export async function issueMailToken(
  { sql, clock }: SessionStore,
  kind: MailTokenKind,
  fields: { userId?: number; email: string; createdBy?: number },
): Promise<{ token: string; expiresAt: string }> {
  const token = randomBytes(32).toString('base64url')
  const now = clock.now()
  const expiresAt = new Date(now + (kind === 'reset' ? RESET_TOKEN_MS : INVITATION_TOKEN_MS)).toISOString()
  await mailTokenRecords(sql).add({
    tokenHash: hashToken(token),
    kind,
    userId: fields.userId ?? null,
    email: fields.email,
    createdBy: fields.createdBy ?? null,
    createdAt: new Date(now).toISOString(),
    expiresAt,
  })
  return { token, expiresAt }
}

/** The token when it exists, is of this kind, unused and unexpired. */
export function findUsableToken(
  { sql, clock }: SessionStore,
  kind: MailTokenKind,
  token: string,
): Promise<MailTokenRow | undefined> {
  return mailTokenRecords(sql).usable(hashToken(token), kind, isoNow(clock))
}

/** Marks the token used; false when someone used it first. Call inside the transaction that acts on it. */
export async function consumeToken({ sql, clock }: SessionStore, tokenHash: string): Promise<boolean> {
  return mailTokenRecords(sql).use(tokenHash, isoNow(clock))
}
