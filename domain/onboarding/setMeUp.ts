/**
 * Set-me-up: how a package client is configured for a repository of the platform (spec 000
 * section 4, onboarding). Pure: the base URL comes from `GET /ui/setMeUp`. Only views import
 * this (its texts stay out of the login page's bundle); the decider uses ./relaunch.ts.
 */
import { canonicalPackageType } from '../packageTypes'

export interface SetupStep {
  /** What the step does, e.g. "Configure npm". */
  readonly title: string
  /** Where the snippet goes (a file name) or undefined for a shell command. */
  readonly file?: string
  readonly code: string
}

const trimBase = (baseUrl: string) => baseUrl.replace(/\/+$/, '')

/** The host (and port) of the base URL, which docker clients log in to. */
function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host
  } catch {
    return baseUrl.replace(/^[a-z]+:\/\//i, '').split('/')[0] ?? baseUrl
  }
}

/** The steps that set a client of `packageType` up for `repo` on the platform at `baseUrl`. */
export function clientSetup(packageType: string, baseUrl: string, repo: string): ReadonlyArray<SetupStep> {
  const type = canonicalPackageType(packageType)
  const base = trimBase(baseUrl)
  const api = (kind: string) => `${base}/artifactory/api/${kind}/${repo}`
  switch (type) {
    case 'npm':
      return [
        { title: 'Configure npm', code: `npm config set registry ${api('npm')}/` },
        { title: 'Sign in', code: `npm login --registry=${api('npm')}/` },
        { title: 'Install a package', code: 'npm install <package>' },
        { title: 'Publish a package', code: `npm publish --registry=${api('npm')}/` },
      ]
    case 'pypi':
      return [
        {
          title: 'Configure pip',
          file: '~/.pip/pip.conf',
          code: `[global]\nindex-url = ${api('pypi')}/simple`,
        },
        { title: 'Install a package', code: 'pip install <package>' },
        { title: 'Publish a package', code: `twine upload --repository-url ${api('pypi')} dist/*` },
      ]
    case 'maven':
      return [
        {
          title: 'Configure Maven',
          file: '~/.m2/settings.xml',
          code: [
            '<settings>',
            '  <mirrors>',
            '    <mirror>',
            `      <id>${repo}</id>`,
            '      <mirrorOf>*</mirrorOf>',
            `      <url>${base}/artifactory/${repo}</url>`,
            '    </mirror>',
            '  </mirrors>',
            '</settings>',
          ].join('\n'),
        },
        { title: 'Resolve dependencies', code: 'mvn dependency:resolve' },
      ]
    case 'gradle':
      return [
        {
          title: 'Configure Gradle',
          file: 'build.gradle',
          code: `repositories {\n    maven { url "${base}/artifactory/${repo}" }\n}`,
        },
        { title: 'Resolve dependencies', code: 'gradle dependencies' },
      ]
    case 'docker': {
      const host = hostOf(base)
      return [
        { title: 'Sign in', code: `docker login ${host}` },
        { title: 'Pull an image', code: `docker pull ${host}/${repo}/<image>:<tag>` },
        { title: 'Push an image', code: `docker push ${host}/${repo}/<image>:<tag>` },
      ]
    }
    case 'go':
      return [
        { title: 'Configure Go', code: `export GOPROXY="${api('go')}"` },
        { title: 'Fetch a module', code: 'go get <module>' },
      ]
    case 'helm':
      return [
        { title: 'Add the repository', code: `helm repo add ${repo} ${api('helm')}` },
        { title: 'Update and install', code: `helm repo update\nhelm install <release> ${repo}/<chart>` },
      ]
    case 'nuget':
      return [
        {
          title: 'Add the source',
          code: `nuget sources Add -Name ${repo} -Source ${api('nuget')}/v3/index.json`,
        },
        { title: 'Install a package', code: 'nuget install <package>' },
      ]
    case 'debian':
      return [
        {
          title: 'Add the repository',
          file: '/etc/apt/sources.list.d/platform.list',
          code: `deb ${base}/artifactory/${repo} <distribution> <component>`,
        },
        { title: 'Install a package', code: 'sudo apt-get update && sudo apt-get install <package>' },
      ]
    default:
      return [
        { title: 'Upload a file', code: `curl -u <user> -T <file> "${base}/artifactory/${repo}/<path>"` },
        { title: 'Download a file', code: `curl -u <user> -O "${base}/artifactory/${repo}/<path>"` },
      ]
  }
}
