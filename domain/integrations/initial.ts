/** The integrations area's initial state (the browser loads the area's code later; see commands/browserApp.ts). */
import type { IntegrationsState } from './types'

const noFilters = { categories: [], vendors: [], search: '' }

export const initialIntegrationsState: IntegrationsState = {
  catalogue: { status: 'idle' },
  draft: noFilters,
  filters: noFilters,
  modal: { step: 'closed' },
  tool: { step: 'closed' },
  vendorList: { status: 'idle' },
  repos: { status: 'idle' },
  reposSave: { status: 'idle', requestId: '' },
  notice: null,
  reloads: 0,
}
