// The admin menu grid's rule (spec 000 section 2, artifactory/list): hidden items and groups are
// not shown; disabled items are, with their tooltip, even when their whole group is disabled.
import { describe, expect, it } from 'vitest'
import { adminMenuGroups, visibleAdminMenu } from '../../domain/admin'

const titles = (groups: ReturnType<typeof visibleAdminMenu>) => groups.map((g) => g.title)

describe('admin menu grid', () => {
  it('keeps a group whose items are all disabled, each with its tooltip', () => {
    const groups = visibleAdminMenu(
      adminMenuGroups({ licenseNA: false, cloud: false, services: ['artifactory'] }),
      '',
    )
    const xray = groups.find((g) => g.title === 'Xray Settings')
    expect(xray?.items.map((i) => [i.title, i.disabled, i.tooltip])).toEqual([
      ['Indexed Resources', true, { key: 'requiresService', service: 'xray' }],
      ['Scans Settings', true, { key: 'requiresService', service: 'xray' }],
    ])
  })

  it('leaves out hidden items and groups, and groups the search leaves empty', () => {
    const unlicensed = visibleAdminMenu(
      adminMenuGroups({ licenseNA: true, cloud: true, services: ['artifactory'] }),
      '',
    )
    expect(titles(unlicensed)).not.toContain('Xray Settings')
    const items = unlicensed.flatMap((g) => g.items.map((i) => i.title))
    for (const hidden of ['Global Roles', 'Licenses', 'Projects', 'Peers', 'Crowd / JIRA'])
      expect(items).not.toContain(hidden)
    const searched = visibleAdminMenu(
      adminMenuGroups({ licenseNA: false, cloud: false, services: [] }),
      'scans',
    )
    expect(titles(searched)).toEqual(['Xray Settings'])
    expect(searched[0]?.items.map((i) => i.title)).toEqual(['Scans Settings'])
  })
})
