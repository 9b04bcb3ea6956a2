/** The artifacts area's initial state (the browser loads the area's code later; see commands/browserApp.ts). */
import type { ArtifactsState } from './types'

export const initialArtifactsState: ArtifactsState = {
  repositories: { status: 'idle' },
  folders: {},
  expanded: {},
  selected: null,
  info: { status: 'idle' },
  deploy: { status: 'idle' },
}
