import type { XrayAnswer, XrayAsk, XrayChange } from '../../domain/xray/types'
import type { Result } from './result'

// The xray (security scanning) area's API port (adapters/ports.ts).
export interface XrayApi {
  /** One of the security screens' lists or details, as asked. */
  load(ask: XrayAsk): Promise<Result<XrayAnswer>>
  /**
   * A change (admins); answers once the platform has made it. `webhookUrl` is the new webhook a
   * settings save sets, taken from the vault by the effect; `file` the export an import of a file
   * sends, taken from the file stash by the effect.
   */
  change(change: XrayChange, webhookUrl?: string, file?: Blob): Promise<Result<void>>
}
