/** Saving the general configuration (spec 000 section 5): the base URL gets its trailing slash by the rule. */
import { describe, it } from 'vitest'
import { appSlice } from '../../domain/app'
import { adminArea } from '../../domain/admin'
import { SaveRequested } from '../../domain/admin/events'
import { spec } from '../support/decider'

const admin = spec(appSlice(adminArea))
const save = (baseUrl: string) =>
  admin.given().when({
    type: 'admin/Save',
    form: 'generalConfig',
    op: { kind: 'saveGeneralConfig', config: { serverName: 'Acme', baseUrl, customMessage: '' } },
  })
const saved = (baseUrl: string) =>
  SaveRequested({
    form: 'generalConfig',
    requestId: 'id-1',
    op: { kind: 'saveGeneralConfig', config: { serverName: 'Acme', baseUrl, customMessage: '' } },
  })

describe('admin: general configuration', () => {
  it('saves a base URL with its trailing slash', () => {
    save('https://artifacts.acme.example').then(saved('https://artifacts.acme.example/'))
    save(' https://acme.example/platform ').then(saved('https://acme.example/platform/'))
    save('https://acme.example/platform/').then(saved('https://acme.example/platform/'))
  })

  it('leaves an empty base URL empty (the platform then names itself)', () => {
    save('').then(saved(''))
  })
})
