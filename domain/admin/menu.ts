import type { AdminMessage } from './messages'

/**
 * The admin menu grid (spec 000 section 2, artifactory/list): groups of items, hidden items
 * and groups with nothing usable left out, disabled items with a tooltip, and a search that
 * highlights matches. The search is literal text: no regular expression is built from input.
 */
export interface AdminMenuItem {
  readonly title: string
  readonly href: string
  readonly testId: string
  readonly hidden?: boolean
  readonly disabled?: boolean
  /** Why a disabled item cannot be opened, as a message key (the view words it in its tooltip). */
  readonly tooltip?: AdminMessage
}
export interface AdminMenuGroup {
  readonly title: string
  readonly icon: string
  readonly hidden?: boolean
  /**
   * The group whose card this one is drawn in, as the sidebar has its page among that group's:
   * the grid and the sidebar put a page in one place.
   */
  readonly within?: string
  readonly items: ReadonlyArray<AdminMenuItem>
}

export interface AdminMenuInputs {
  readonly licenseNA: boolean
  readonly cloud: boolean
  readonly services: ReadonlyArray<string>
  /**
   * Whether navigation refuses a page on this instance (its sidebar item is hidden or disabled
   * on the flavour): the grid hides such an item rather than offer a click that is refused.
   */
  readonly refuses?: (href: string) => boolean
}

const XRAY_NEEDED: AdminMessage = { key: 'requiresService', service: 'xray' }

export function adminMenuGroups(inputs: AdminMenuInputs): ReadonlyArray<AdminMenuGroup> {
  const refuses = inputs.refuses
  const groups = allAdminMenuGroups(inputs)
  if (refuses === undefined) return groups
  return groups.map((g) => ({
    ...g,
    items: g.items.map((i) => (i.hidden !== true && refuses(i.href) ? { ...i, hidden: true } : i)),
  }))
}

function allAdminMenuGroups(inputs: AdminMenuInputs): ReadonlyArray<AdminMenuGroup> {
  const noXray = !inputs.services.includes('xray')
  return [
    {
      title: 'Repositories',
      icon: 'repositories',
      items: [
        { title: 'New Local Repository', href: '/admin/repositories/local/new', testId: 'local-repo' },
        { title: 'New Remote Repository', href: '/admin/repositories/remote/new', testId: 'remote-repo' },
        { title: 'New Virtual Repository', href: '/admin/repositories/virtual/new', testId: 'virtual-repo' },
      ],
    },
    {
      title: 'User Management',
      icon: 'users',
      items: [
        { title: 'Users', href: '/admin/management/users', testId: 'users' },
        { title: 'Groups', href: '/admin/management/groups', testId: 'groups' },
        { title: 'Permissions', href: '/admin/management/permissions', testId: 'permissions' },
        { title: 'Access Tokens', href: '/admin/management/access_tokens', testId: 'access-tokens' },
        {
          title: 'Global Roles',
          href: '/admin/management/global_roles',
          testId: 'global-roles',
          hidden: inputs.licenseNA,
        },
      ],
    },
    {
      title: 'Security Settings',
      icon: 'security',
      within: 'Platform Configurations',
      items: [
        { title: 'General', href: '/admin/configuration/security/general', testId: 'security-general' },
        { title: 'SAML', href: '/admin/configuration/security/saml_integration', testId: 'saml' },
        { title: 'LDAP', href: '/admin/configuration/security/ldap', testId: 'ldap' },
        { title: 'OAuth', href: '/admin/configuration/security/oauth', testId: 'oauth' },
        {
          title: 'Crowd / JIRA',
          href: '/admin/configuration/security/crowd_integration',
          testId: 'crowd',
          hidden: inputs.cloud,
        },
        {
          title: 'HTTP SSO',
          href: '/admin/configuration/security/http_sso',
          testId: 'http-sso',
          hidden: inputs.cloud,
        },
      ],
    },
    {
      title: 'Platform Configurations',
      icon: 'settings',
      items: [
        { title: 'General Settings', href: '/admin/configuration/general', testId: 'general' },
        { title: 'Proxies', href: '/admin/proxies/configuration/list', testId: 'proxies' },
        {
          title: 'Licences',
          href: '/admin/license_management/licenses',
          testId: 'licenses',
          hidden: inputs.licenseNA,
        },
        { title: 'Projects', href: '/admin/projects/list', testId: 'projects', hidden: inputs.licenseNA },
        { title: 'Integrations', href: '/integrations', testId: 'integrations' },
      ],
    },
    {
      title: 'Monitoring',
      icon: 'monitoring',
      items: [
        { title: 'Topology', href: '/admin/mission_control/topology', testId: 'topology' },
        { title: 'Service Status', href: '/admin/monitoring/service-status', testId: 'service-status' },
        { title: 'System Logs Viewer', href: '/admin/monitoring/system_logs', testId: 'system-logs' },
        { title: 'Peers', href: '/admin/monitoring/pdn', testId: 'peers', hidden: inputs.licenseNA },
        { title: 'Support Zone', href: '/admin/support-zone', testId: 'support-zone' },
        { title: 'Contact Requests', href: '/admin/marketing/contact_requests', testId: 'contact-requests' },
      ],
    },
    {
      title: 'Xray Settings',
      icon: 'xray',
      hidden: inputs.licenseNA,
      items: [
        {
          title: 'Indexed Resources',
          href: '/admin/xray/indexed_resources',
          testId: 'indexed-resources',
          disabled: noXray,
          tooltip: noXray ? XRAY_NEEDED : undefined,
        },
        {
          title: 'Scans Settings',
          href: '/admin/xray/settings',
          testId: 'xray-settings',
          disabled: noXray,
          tooltip: noXray ? XRAY_NEEDED : undefined,
        },
        {
          title: 'Advisory Database',
          href: '/admin/xray/advisories',
          testId: 'advisory-database',
          disabled: noXray,
          tooltip: noXray ? XRAY_NEEDED : undefined,
        },
      ],
    },
  ]
}

const matches = (text: string, query: string) => text.toLowerCase().includes(query.toLowerCase())

/**
 * The groups to show for a search: hidden items and groups left out, and groups with nothing
 * usable (every item hidden or disabled) too, as spec 000 section 2 says; a disabled item in a
 * group with a usable one shows with its tooltip. Items are filtered by the query (a group
 * whose title matches keeps all its items), and groups the search leaves empty are dropped.
 */
export function visibleAdminMenu(
  groups: ReadonlyArray<AdminMenuGroup>,
  query: string,
): ReadonlyArray<AdminMenuGroup> {
  const q = query.trim()
  return groups
    .filter((g) => !g.hidden && g.items.some((i) => !i.hidden && !i.disabled))
    .map((g) => {
      const items = g.items.filter((i) => !i.hidden)
      return {
        ...g,
        items: q === '' || matches(g.title, q) ? items : items.filter((i) => matches(i.title, q)),
      }
    })
    .filter((g) => g.items.length > 0)
}

export interface TextPart {
  readonly text: string
  readonly match: boolean
}

/** Splits `text` around every case-insensitive literal occurrence of `query`, for highlighting. */
export function highlightParts(text: string, query: string): ReadonlyArray<TextPart> {
  const q = query.trim().toLowerCase()
  if (q === '') return [{ text, match: false }]
  const lower = text.toLowerCase()
  // Some characters change length when lower-cased; offsets would not line up, so no highlight.
  if (lower.length !== text.length) return [{ text, match: false }]
  const parts: TextPart[] = []
  let from = 0
  for (let at = lower.indexOf(q); at >= 0; at = lower.indexOf(q, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false })
    parts.push({ text: text.slice(at, at + q.length), match: true })
    from = at + q.length
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false })
  return parts
}
