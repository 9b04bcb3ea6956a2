import type { QueryTable, Selector } from './types'
import type { IntegrationsState } from '../domain/integrations/types'

const state: Selector<object, IntegrationsState> = (s) => s.integrations

// Queries of the integrations area, named `integrations/Noun`. The catalogue's filtered view is
// projected in the area's chunk (ui/integrations/Catalogue.tsx, domain rule visibleCatalogue):
// here it would be part of the login page's first load.
export const integrationsQueries = {
  'integrations/State': state,
} satisfies QueryTable
