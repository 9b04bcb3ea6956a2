import * as t from 'io-ts'
import { map } from 'fp-ts/Either'
import type { PlatformApi } from '../ports'
import type { HttpClient } from './client'
import type { Footer as FooterData } from '../../domain/platform/types'

const Version = t.type({ version: t.string, revision: t.string })
const Microservices = t.type({
  services: t.array(t.type({ name: t.string, key: t.string, enabled: t.boolean })),
})
const Footer = t.intersection([
  t.type({
    serverName: t.string,
    flavour: t.string,
    isCloud: t.boolean,
    licenseType: t.string,
    buildNumber: t.union([t.string, t.number]),
    copyright: t.string,
  }),
  t.partial({ logoVersion: t.string, logoUrl: t.string, accountPortalUrl: t.string }),
])

// Empty means "none" on the wire; the domain leaves such a field out.
const nonEmpty = <K extends string>(key: K, value: string | undefined) =>
  value ? ({ [key]: value } as Record<K, string>) : {}

function toFooter(http: HttpClient, f: t.TypeOf<typeof Footer>): FooterData {
  return {
    serverName: f.serverName,
    flavour: f.flavour,
    isCloud: f.isCloud,
    licenseType: f.licenseType,
    buildNumber: String(f.buildNumber),
    copyright: f.copyright,
    // The version in the address: a new upload is a new address, so no cache shows the old one.
    ...(f.logoVersion ? { userLogo: http.url('/ui/generalConfig/logo', { v: f.logoVersion }) } : {}),
    ...nonEmpty('logoUrl', f.logoUrl),
    ...nonEmpty('accountPortalUrl', f.accountPortalUrl),
  }
}
const Entitlements = t.type({ entitlements: t.array(t.string) })
const Features = t.type({ features: t.record(t.string, t.boolean) })
const Enabled = t.type({ enabled: t.boolean })
const InitStatus = t.type({ hasOnlyDefaultRepos: t.boolean })
const Blocked = t.type({ blocked: t.array(t.string) })
const Available = t.type({ packageTypes: t.array(t.string) })
const Projects = t.array(t.type({ key: t.string, name: t.string }))
const ArtifactCount = t.type({ widgetData: t.type({ artifactCount: t.number }) })

/** The platform area's calls to the platform (see server/API.md, "Platform"). */
export function createPlatformApi(http: HttpClient): PlatformApi {
  return {
    version: () => http.request('/ui/system/version', Version),
    microservices: async () =>
      map((a: t.TypeOf<typeof Microservices>) => a.services)(
        await http.request('/ui/system/microservices', Microservices),
      ),
    footer: async () =>
      map((f: t.TypeOf<typeof Footer>) => toFooter(http, f))(await http.request('/ui/system/footer', Footer)),
    entitlements: async () =>
      map((a: t.TypeOf<typeof Entitlements>) => a.entitlements)(
        await http.request('/ui/system/entitlements', Entitlements),
      ),
    features: async () =>
      map((a: t.TypeOf<typeof Features>) => a.features)(await http.request('/ui/system/features', Features)),
    microserviceEnabled: async (key) =>
      map((a: t.TypeOf<typeof Enabled>) => a.enabled)(
        await http.request(`/system/ismicroserviceenabled/${encodeURIComponent(key)}`, Enabled),
      ),
    onboardingStatus: async () =>
      map((a: t.TypeOf<typeof InitStatus>) => a.hasOnlyDefaultRepos)(
        await http.request('/ui/onboarding/initStatus', InitStatus),
      ),
    blockedUsages: async () =>
      map((a: t.TypeOf<typeof Blocked>) => a.blocked)(
        await http.request('/ui/subscription/blockedUsages', Blocked),
      ),
    packageTypes: async () =>
      map((a: t.TypeOf<typeof Available>) => a.packageTypes)(
        await http.request('/ui/packages/available', Available),
      ),
    // The projects the user belongs to (every project for admins), keys and names only: the
    // admin area loads the full records itself.
    projects: async () =>
      map((a: t.TypeOf<typeof Projects>) => a.map((p) => ({ key: p.key, name: p.name })))(
        await http.request('/ui/projects', Projects),
      ),
    sendOnPremMetrics: (metrics) => http.send('/ui/system/onPremMetrics', { method: 'POST', body: metrics }),
    artifactCount: async () =>
      map((a: t.TypeOf<typeof ArtifactCount>) => a.widgetData.artifactCount)(
        await http.request('/ui/home/widget/artifactCount', ArtifactCount),
      ),
  }
}
