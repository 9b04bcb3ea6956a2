/**
 * Single-use tokens sent by mail (password reset, invitation). Only their sha256 is stored;
 * using one is an UPDATE that succeeds once.
 */
import { randomBytes } from 'node:crypto'
import { hashToken } from '../context'
import { isoNow } from '../clock'
import type { SessionStore } from './sessions'

export type MailTokenKind = 'reset' | 'invitation'

export const RESET_TOKEN_MS = 60 * 60 * 1000
export const INVITATION_TOKEN_MS = 7 * 24 * 60 * 60 * 1000

export interface MailTokenRow {
  readonly token_hash: string
  readonly kind: MailTokenKind
  readonly user_id: number | null
  readonly email: string
  readonly expires_at: string
  readonly used_at: string | null
}

export async function issueMailToken(
  { sql, clock }: SessionStore,
  kind: MailTokenKind,
  fields: { userId?: number; email: string; createdBy?: number },
): Promise<{ token: string; expiresAt: string }> {
  const token = randomBytes(32).toString('base64url')
  const now = clock.now()
  const expiresAt = new Date(now + (kind === 'reset' ? RESET_TOKEN_MS : INVITATION_TOKEN_MS)).toISOString()
  await sql.run(
    `INSERT INTO mail_tokens (token_hash, kind, user_id, email, created_by, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [
      hashToken(token),
      kind,
      fields.userId ?? null,
      fields.email,
      fields.createdBy ?? null,
      new Date(now).toISOString(),
      expiresAt,
    ],
  )
  return { token, expiresAt }
}

/** The token when it exists, is of this kind, unused and unexpired. */
export function findUsableToken(
  { sql, clock }: SessionStore,
  kind: MailTokenKind,
  token: string,
): Promise<MailTokenRow | undefined> {
  return sql.one<MailTokenRow>(
    `SELECT token_hash, kind, user_id, email, expires_at, used_at FROM mail_tokens
     WHERE token_hash = ? AND kind = ? AND used_at IS NULL AND expires_at > ?`,
    [hashToken(token), kind, isoNow(clock)],
  )
}

/** Marks the token used; false when someone used it first. Call inside the transaction that acts on it. */
export async function consumeToken({ sql, clock }: SessionStore, tokenHash: string): Promise<boolean> {
  const { changes } = await sql.run(
    'UPDATE mail_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL',
    [isoNow(clock), tokenHash],
  )
  return changes === 1
}
