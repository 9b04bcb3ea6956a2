/**
 * The packages area's own message keys in words (the console's catalogue: ui/shared/messages.ts),
 * in the packages chunk only.
 */
import type { DownloadMessage } from '../../domain/packages/types'

/** Why a file was not downloaded (domain/packages/rules.ts `downloadMessageOf`). */
export function downloadMessageText(message: DownloadMessage): string {
  switch (message.key) {
    case 'downloadBlocked': {
      const by =
        message.policy !== undefined && message.watch !== undefined
          ? ` by policy ${message.policy} of watch ${message.watch}`
          : message.policy !== undefined
            ? ` by policy ${message.policy}`
            : ' by a watch’s policy'
      return `${message.file} was not downloaded: this version is blocked${by}. Ask an administrator for an exception (an ignore rule on its violation), or use a version with the fix.`
    }
    case 'downloadForbidden':
      return `You do not have permission to download ${message.file}`
    case 'downloadNotFound':
      return `${message.file} was not found`
    case 'downloadFailed':
      return `${message.file} could not be downloaded.`
    case 'recorded':
      return message.text
  }
}
