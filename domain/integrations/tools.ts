/**
 * The tool groups of the integrations page (spec 001, "Integrations page groups") and the
 * common integration modal's tool cards: feature highlights, installation steps as a terminal
 * command per OS with a placeholder for this platform's encoded setup data, a marketplace link
 * and a documentation link. Pure data and rules: the view fills the placeholder.
 */
import type { GitVendorName } from './types'

export const TOOL_OSES = [
  { value: 'macos', label: 'macOS' },
  { value: 'linux', label: 'Linux' },
  { value: 'windows', label: 'Windows' },
] as const
export type ToolOs = (typeof TOOL_OSES)[number]['value']

/** Where a tool's command takes this platform's setup data (spec 001: "a placeholder for encoded setup data"). */
export const SETUP_DATA_PLACEHOLDER = '{{setupData}}'

export interface Tool {
  /** The catalogue's `openCommonIntegrationModal` payload names a tool by this id. */
  readonly id: string
  readonly label: string
  /** The catalogue's icon name. */
  readonly icon: string
  readonly highlights: ReadonlyArray<string>
  readonly install: Readonly<Record<ToolOs, string>>
  readonly marketplaceLink: string
  readonly documentationLink: string
  /** Source-control tools: the vendor whose git integrations the platform keeps. */
  readonly vendor?: GitVendorName
}

export interface ToolGroup {
  readonly title: string
  readonly tools: ReadonlyArray<Tool>
}

const D = SETUP_DATA_PLACEHOLDER
/** Installs the JFrog CLI and points it at this platform; the rest of a command follows it. */
const cli = (then: string): Tool['install'] => ({
  macos: `brew install jfrog-cli && jf setup ${D}${then === '' ? '' : ` && ${then}`}`,
  linux: `curl -fL https://install-cli.jfrog.io | sh && jf setup ${D}${then === '' ? '' : ` && ${then}`}`,
  windows: `winget install --id JFrog.jfrog-cli; jf setup ${D}${then === '' ? '' : `; ${then}`}`,
})
/** The JFrog plugin of a JetBrains IDE, installed by the IDE's launcher (`…64.exe` on Windows). */
const jetbrainsPlugin = (launcher: string): Tool['install'] => {
  const install = cli(`${launcher} installPlugins org.jfrog.idea`)
  return { ...install, windows: install.windows.replace(`; ${launcher} `, `; ${launcher}64.exe `) }
}
/** One command that reads the same in every shell. */
const everywhere = (command: string): Tool['install'] => ({
  macos: command,
  linux: command,
  windows: command,
})
const docs = (path: string) => `https://jfrog.com/integrations/${path}/`

export const TOOL_GROUPS: ReadonlyArray<ToolGroup> = [
  {
    title: 'Source control',
    tools: [
      {
        id: 'github',
        label: 'GitHub',
        icon: 'github',
        vendor: 'github',
        highlights: [
          'Scan the repositories you choose for vulnerable dependencies',
          'Workflows reach this platform with one repository secret',
          'Pull requests get the scan results as comments',
        ],
        install: everywhere(`gh secret set JF_ENV_1 --body "${D}"`),
        marketplaceLink: 'https://github.com/marketplace/jfrog',
        documentationLink: docs('github'),
      },
      {
        id: 'gitlab',
        label: 'GitLab',
        icon: 'gitlab',
        vendor: 'gitlab',
        highlights: [
          'Scan the projects you choose for vulnerable dependencies',
          'CI jobs reach this platform with one masked variable',
          'Merge requests get the scan results as comments',
        ],
        install: everywhere(`glab variable set JF_ENV_1 "${D}" --masked`),
        marketplaceLink: 'https://about.gitlab.com/partners/technology-partners/',
        documentationLink: docs('gitlab'),
      },
      {
        id: 'bitbucket-cloud',
        label: 'Bitbucket Cloud',
        icon: 'bitbucket',
        vendor: 'bitbucket_cloud',
        highlights: [
          'Scan the repositories you choose for vulnerable dependencies',
          'Pipelines reach this platform with one secured variable',
        ],
        install: everywhere(
          `curl -u "$BITBUCKET_USER:$BITBUCKET_APP_PASSWORD" -H "Content-Type: application/json" -d '{"key":"JF_ENV_1","value":"${D}","secured":true}' https://api.bitbucket.org/2.0/repositories/$WORKSPACE/$REPOSITORY/pipelines_config/variables/`,
        ),
        marketplaceLink: 'https://marketplace.atlassian.com/search?query=jfrog',
        documentationLink: docs('bitbucket'),
      },
      {
        id: 'bitbucket-server',
        label: 'Bitbucket Server',
        icon: 'bitbucket',
        vendor: 'bitbucket_server',
        highlights: [
          'Scan the repositories you choose for vulnerable dependencies',
          'Build agents reach this platform through the JFrog CLI',
        ],
        install: cli(''),
        marketplaceLink: 'https://marketplace.atlassian.com/search?query=jfrog',
        documentationLink: docs('bitbucket'),
      },
    ],
  },
  {
    title: 'Developer Tools',
    tools: [
      {
        id: 'jetbrains',
        label: 'Jetbrains',
        icon: 'jetbrains',
        highlights: [
          'See vulnerable dependencies in the editor as you write',
          'Browse this platform’s builds from the IDE',
        ],
        install: jetbrainsPlugin('idea'),
        marketplaceLink: 'https://plugins.jetbrains.com/plugin/9834-jfrog',
        documentationLink: docs('jetbrains'),
      },
      {
        id: 'vscode',
        label: 'Visual Studio Code',
        icon: 'vscode',
        highlights: [
          'See vulnerable dependencies in the editor as you write',
          'Fix suggestions with the versions that remove a vulnerability',
        ],
        install: cli('code --install-extension JFrog.jfrog-vscode-extension'),
        marketplaceLink: 'https://marketplace.visualstudio.com/items?itemName=JFrog.jfrog-vscode-extension',
        documentationLink: docs('vs-code'),
      },
      {
        id: 'android-studio',
        label: 'Android Studio',
        icon: 'android-studio',
        highlights: [
          'See vulnerable Gradle dependencies as you write',
          'Resolve dependencies through this platform',
        ],
        install: jetbrainsPlugin('studio'),
        marketplaceLink: 'https://plugins.jetbrains.com/plugin/9834-jfrog',
        documentationLink: docs('android-studio'),
      },
      {
        id: 'docker-desktop',
        label: 'Docker Desktop',
        icon: 'docker',
        highlights: [
          'Scan local images for vulnerabilities before you push',
          'Pull and push images through this platform',
        ],
        install: cli('docker extension install jfrog/jfrog-docker-desktop-extension'),
        marketplaceLink: 'https://hub.docker.com/extensions/jfrog/jfrog-docker-desktop-extension',
        documentationLink: docs('docker-desktop'),
      },
    ],
  },
  {
    title: 'Continuous integration',
    tools: [
      {
        id: 'jfrog-cli',
        label: 'JFrog CLI',
        icon: 'jfrog-cli',
        highlights: [
          'Upload, download and promote artifacts from any shell',
          'Record build information and scan builds',
          'One command connects it to this platform',
        ],
        install: cli('jf rt ping'),
        marketplaceLink: 'https://github.com/jfrog/jfrog-cli',
        documentationLink: docs('jfrog-cli'),
      },
      {
        id: 'github-actions',
        label: 'GitHub Actions',
        icon: 'github-actions',
        highlights: [
          'The setup-jfrog-cli action connects workflows to this platform',
          'Build information recorded for every run',
        ],
        install: everywhere(`gh secret set JF_ENV_1 --body "${D}"`),
        marketplaceLink: 'https://github.com/marketplace/actions/setup-jfrog-cli',
        documentationLink: docs('github-actions'),
      },
      {
        id: 'azure-devops',
        label: 'Azure DevOps',
        icon: 'azure-devops',
        highlights: [
          'Pipeline tasks for uploads, downloads and build information',
          'A service connection to this platform from the setup data',
        ],
        install: everywhere(
          `az pipelines variable-group create --name jfrog --authorize true --variables JF_ENV_1="${D}"`,
        ),
        marketplaceLink:
          'https://marketplace.visualstudio.com/items?itemName=JFrog.jfrog-azure-devops-extension',
        documentationLink: docs('azure-devops'),
      },
      {
        id: 'frogbot',
        label: 'Frogbot',
        icon: 'frogbot',
        highlights: [
          'Scans pull requests and comments with the issues it finds',
          'Opens pull requests that fix vulnerable dependencies',
        ],
        install: everywhere(
          `gh secret set JF_ENV_1 --body "${D}" && gh workflow enable frogbot-scan-repository.yml`,
        ),
        marketplaceLink: 'https://github.com/marketplace/actions/frogbot-by-jfrog',
        documentationLink: docs('frogbot'),
      },
    ],
  },
]

export const toolById = (id: string): Tool | undefined =>
  TOOL_GROUPS.flatMap((g) => g.tools).find((t) => t.id === id)

export interface SetupData {
  readonly url: string
  readonly user: string
  /** OAuth users only: the key fetched with the re-authentication header. */
  readonly apiKey?: string
}

/** The setup data a tool's command carries: base64 of its JSON (UTF-8), as `jf setup` reads it. */
export function encodeSetupData(data: SetupData): string {
  const json = JSON.stringify({
    url: data.url,
    user: data.user,
    ...(data.apiKey !== undefined ? { apiKey: data.apiKey } : {}),
  })
  let binary = ''
  for (const b of new TextEncoder().encode(json)) binary += String.fromCharCode(b)
  return btoa(binary)
}

/** The tool's command for an OS with the placeholder replaced by the encoded setup data. */
export const installCommand = (tool: Tool, os: ToolOs, encoded: string): string =>
  tool.install[os].split(SETUP_DATA_PLACEHOLDER).join(encoded)
