/** The admin teaser's modules (spec 000 sections 2 and 3): label, description, learn-more, bullets or cards. */
export interface TeaserModule {
  readonly LABEL: string
  readonly DESCRIPTION: string
  readonly LEARN_MORE_URL: string
  readonly BULLETS?: { readonly HEADER: string; readonly CONTENT: ReadonlyArray<string> }
  readonly CARDS?: ReadonlyArray<{ readonly LABEL: string; readonly DESCRIPTION: string }>
  /** Admin paths (after /admin) this module teases. */
  readonly paths: ReadonlyArray<string>
}

const DOCS = 'https://jfrog.com/help/'

export const TEASER_MODULES: ReadonlyArray<TeaserModule> = [
  {
    LABEL: 'Projects',
    DESCRIPTION:
      'Group repositories, builds and people into projects, each managed by its own project administrators.',
    LEARN_MORE_URL: `${DOCS}projects`,
    BULLETS: {
      HEADER: 'With projects you can',
      CONTENT: [
        'Delegate administration to project admins',
        'Share resources between projects',
        'Give members project roles',
      ],
    },
    paths: ['projects', 'projects/list'],
  },
  {
    LABEL: 'Environments',
    DESCRIPTION:
      'Tag repositories by environment to promote releases safely. Environments come with pre-populated Dev and Prod environments.',
    LEARN_MORE_URL: `${DOCS}environments`,
    BULLETS: {
      HEADER: 'Environments let you',
      CONTENT: [
        'Separate development from production',
        'Promote builds between environments',
        'Add your own environments',
      ],
    },
    paths: ['environments'],
  },
  {
    LABEL: 'User Management',
    DESCRIPTION: 'Manage users, groups, permissions and global roles across the platform.',
    LEARN_MORE_URL: `${DOCS}user-management`,
    CARDS: [
      { LABEL: 'Users and groups', DESCRIPTION: 'Create users and organise them in groups.' },
      { LABEL: 'Permissions', DESCRIPTION: 'Decide who reads, deploys and manages each resource.' },
      { LABEL: 'Global roles', DESCRIPTION: 'Give sets of permissions in one step.' },
    ],
    paths: ['management/users', 'management'],
  },
  {
    LABEL: 'User Authentication',
    DESCRIPTION: 'Sign users in with your identity provider: LDAP, SAML, OAuth or Crowd.',
    LEARN_MORE_URL: `${DOCS}authentication`,
    CARDS: [
      { LABEL: 'LDAP', DESCRIPTION: 'Authenticate against your directory.' },
      { LABEL: 'SAML SSO', DESCRIPTION: 'Single sign-on with your SAML provider.' },
      { LABEL: 'OAuth', DESCRIPTION: 'Sign in with OAuth providers.' },
    ],
    paths: ['configuration/security/ldap'],
  },
  {
    LABEL: 'Platform Security',
    DESCRIPTION: 'Protect the platform with password policies, API key rules and session settings.',
    LEARN_MORE_URL: `${DOCS}security`,
    BULLETS: {
      HEADER: 'Security settings include',
      CONTENT: [
        'Password expiration policies',
        'User lock after failed logins',
        'Token and API key management',
      ],
    },
    paths: ['configuration/security/general', 'configuration/security'],
  },
  {
    LABEL: 'Platform Management',
    DESCRIPTION: 'Configure the platform: server name, base URL, proxies, licences and more.',
    LEARN_MORE_URL: `${DOCS}platform-management`,
    CARDS: [
      { LABEL: 'General settings', DESCRIPTION: 'Server name, base URL and messages.' },
      { LABEL: 'Proxies', DESCRIPTION: 'Reach remote repositories through your proxies.' },
      { LABEL: 'Licences', DESCRIPTION: 'Manage the licences of every node.' },
    ],
    paths: ['configuration/general', 'configuration'],
  },
  {
    LABEL: 'Platform Monitoring',
    DESCRIPTION: 'Watch the health of every service and node, read live logs and create support bundles.',
    LEARN_MORE_URL: `${DOCS}monitoring`,
    BULLETS: {
      HEADER: 'Monitoring gives you',
      CONTENT: ['Service status per node', 'A live system log viewer', 'Support bundles for troubleshooting'],
    },
    paths: ['monitoring', 'mission_control/topology'],
  },
]

/** The module for a teased admin path (the rest after /demo/admin/), or undefined for the full teaser. */
export function teaserFor(rest: string): TeaserModule | undefined {
  const path = rest.replace(/^\/+|\/+$/g, '')
  let best: TeaserModule | undefined
  let bestLength = -1
  for (const module of TEASER_MODULES)
    for (const p of module.paths)
      if ((path === p || path.startsWith(`${p}/`)) && p.length > bestLength) {
        best = module
        bestLength = p.length
      }
  return best
}
