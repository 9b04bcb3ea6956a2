/** The repositories area's initial state (the browser loads the area's code later; see commands/browserApp.ts). */
import type { RepositoriesState } from './types'

export const initialRepositoriesState: RepositoriesState = {
  list: { status: 'idle' },
  save: { status: 'idle' },
  problems: {},
  deletion: { status: 'idle' },
  quick: { status: 'idle' },
  quickResult: { created: [], existing: [] },
}
