// Written by `npm run codecs` from ./commands.ts: do not edit (a unit test checks it is current).
import * as t from 'io-ts'
import type { CommandCodecs } from '../shared/area'
import type { IntegrationsCommand } from './commands'

/** The fields of each command of the area, decoded before it is decided (the type is checked by the bus). */
export const integrationsCommandCodecs: CommandCodecs<IntegrationsCommand> = {
  'integrations/ApplyFilters': t.type({
    filters: t.type({ categories: t.array(t.string), vendors: t.array(t.string), search: t.string }),
  }),
  'integrations/ChooseService': t.type({ service: t.keyof({ xray: null, pipelines: null }) }),
  'integrations/CloseGitModal': t.UnknownRecord,
  'integrations/CloseTool': t.UnknownRecord,
  'integrations/DeleteIntegration': t.type({ integrationKey: t.string }),
  'integrations/DismissPopover': t.UnknownRecord,
  'integrations/EditFilters': t.type({
    filters: t.type({ categories: t.array(t.string), vendors: t.array(t.string), search: t.string }),
  }),
  'integrations/EditGitForm': t.type({
    field: t.keyof({ userName: null, integrationName: null, url: null }),
    value: t.string,
  }),
  'integrations/LoadCatalogue': t.UnknownRecord,
  'integrations/LoadRepos': t.type({ integrationKey: t.string }),
  'integrations/LoadVendorList': t.type({
    vendor: t.keyof({ github: null, gitlab: null, bitbucket_cloud: null, bitbucket_server: null }),
  }),
  'integrations/OpenGitModal': t.intersection([
    t.type({
      vendor: t.keyof({ github: null, gitlab: null, bitbucket_cloud: null, bitbucket_server: null }),
    }),
    t.partial({
      edit: t.type({
        integrationKey: t.string,
        userName: t.string,
        integrationName: t.string,
        url: t.string,
      }),
    }),
  ]),
  'integrations/OpenTool': t.type({ tool: t.string, withApiKey: t.boolean }),
  'integrations/ResetConnectionTest': t.UnknownRecord,
  'integrations/RunSetupAction': t.type({ entryId: t.string }),
  'integrations/SaveIntegration': t.partial({ tokenRef: t.string }),
  'integrations/SaveRepoSelection': t.type({ integrationKey: t.string, selected: t.array(t.string) }),
  'integrations/TestConnection': t.partial({ tokenRef: t.string }),
  'integrations/TokenTyped': t.type({ present: t.boolean }),
}
