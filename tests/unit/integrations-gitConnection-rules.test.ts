// What a git connection test sends of the form (spec 001, "Git integration modal"): the user
// name without the blanks typed around it, as the form's rule reads it.
import { describe, it } from 'vitest'
import {
  integrationsDecider,
  ConnectionTestStarted,
  GitFormEdited,
  GitModalOpened,
} from '../../domain/integrations'
import type { CommandMeta } from '../../domain/shared/area'
import { specOf } from '../support/decider'
import { toGithub } from '../support/gitConnections'

const meta: CommandMeta = { now: '2026-01-01T00:00:00.000Z', id: 'c-1' }
const integrations = specOf(integrationsDecider, meta)

describe('a git connection test', () => {
  it('sends the user name typed with blanks around it without them', () => {
    const form = {
      userName: '  octo  ',
      integrationName: 'gh-main',
      url: 'https://api.github.com',
      hasToken: true,
    }
    integrations
      .given(
        GitModalOpened({ vendor: 'github', integrationKey: null, form: { ...form, hasToken: false } }),
        GitFormEdited(form),
      )
      .when({ type: 'integrations/TestConnection', tokenRef: 'tok' })
      .then(ConnectionTestStarted({ requestId: 'c-1', tokenRef: 'tok', connection: toGithub }))
  })
})
