// The notifications area as the browser composes it (ui/areaManifest.ts): loaded with the entry.
import { notificationsArea } from '../../domain/notifications'
import { slice } from '../../commands/browserApp'
import { namedEffects } from '../../commands/effects/lazy'
import { notificationsEffects } from '../../commands/effects/notifications'
import type { AreaManifest } from '../areaManifest'

export const notificationsManifest: AreaManifest = {
  key: 'notifications',
  domain: slice(notificationsArea),
  effects: namedEffects({ notifications: notificationsEffects }),
}
