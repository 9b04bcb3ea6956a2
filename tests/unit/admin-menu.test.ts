// The admin menu grid's rule (spec 000 section 2, artifactory/list): hidden items and groups with
// nothing usable are not shown; disabled items are, with their tooltip.
import { describe, expect, it } from 'vitest'
import { adminMenuGroups, visibleAdminMenu } from '../../domain/admin'

const titles = (groups: ReturnType<typeof visibleAdminMenu>) => groups.map((g) => g.title)

describe('admin menu grid', () => {
  it('leaves out a group whose items are all disabled (nothing usable)', () => {
    const groups = visibleAdminMenu(
      adminMenuGroups({ licenseNA: false, cloud: false, services: ['artifactory'] }),
      '',
    )
    expect(titles(groups)).not.toContain('Xray Settings')
    expect(titles(groups)).toContain('Monitoring')
  })

  it('keeps a disabled item, with its tooltip, in a group with a usable one', () => {
    const groups = visibleAdminMenu(
      [
        {
          title: 'Xray Settings',
          icon: 'xray',
          items: [
            { title: 'Indexed Resources', href: '/a', testId: 'a' },
            {
              title: 'Scans Settings',
              href: '/b',
              testId: 'b',
              disabled: true,
              tooltip: { key: 'requiresService', service: 'xray' },
            },
          ],
        },
      ],
      '',
    )
    expect(groups[0]?.items.map((i) => [i.title, i.disabled === true, i.tooltip])).toEqual([
      ['Indexed Resources', false, undefined],
      ['Scans Settings', true, { key: 'requiresService', service: 'xray' }],
    ])
  })

  it('hides what navigation refuses on the flavour (Peers on container-registry, Projects on edge)', () => {
    const refused = new Set(['/admin/monitoring/pdn', '/admin/projects/list'])
    const groups = visibleAdminMenu(
      adminMenuGroups({
        licenseNA: false,
        cloud: false,
        services: ['artifactory'],
        refuses: (h) => refused.has(h),
      }),
      '',
    )
    const items = groups.flatMap((g) => g.items.map((i) => i.title))
    expect(items).not.toContain('Peers')
    expect(items).not.toContain('Projects')
    expect(items).toContain('Topology')
  })

  it('leaves out hidden items and groups, and groups the search leaves empty', () => {
    const unlicensed = visibleAdminMenu(
      adminMenuGroups({ licenseNA: true, cloud: true, services: ['artifactory'] }),
      '',
    )
    expect(titles(unlicensed)).not.toContain('Xray Settings')
    const items = unlicensed.flatMap((g) => g.items.map((i) => i.title))
    for (const hidden of ['Global Roles', 'Licences', 'Projects', 'Peers', 'Crowd / JIRA', 'HTTP SSO'])
      expect(items).not.toContain(hidden)
    const searched = visibleAdminMenu(
      adminMenuGroups({ licenseNA: false, cloud: false, services: ['xray'] }),
      'scans',
    )
    expect(titles(searched)).toEqual(['Xray Settings'])
    expect(searched[0]?.items.map((i) => i.title)).toEqual(['Scans Settings'])
  })
})
