/**
 * Ports: the interfaces effects call. Interfaces only; implementations live beside this
 * file (http/, graphql/, storage/, browser/) and test fakes in tests/support/.
 * Each area's API port is a section below, named `<Area>Api`.
 */
import type { Questionnaire } from '../domain/gettingStarted/rules'
import type { ContactRequest } from '../domain/contact/rules'
import type { ContactRecord } from '../domain/contact/types'
import type { PersonalizationChoices } from '../domain/personalization/rules'
import type { EducationModule, EducationVideoId } from '../domain/education'
import type { Either } from 'fp-ts/Either'
import type { SchedulerLike } from 'rxjs'
import type { Failure } from '../domain/shared/failure'
import type { ReverseProxy } from '../domain/shared/webServer'
import type { LogFiles, NodeState, TopologyNode } from '../domain/serviceStatus/types'
import type {
  AdminUser,
  GeneralConfig,
  Group,
  License,
  Member,
  Peer,
  Permission,
  Project,
  Proxy,
} from '../domain/admin/types'
import type { Footer, Microservice, OnPremMetrics, ProjectSummary } from '../domain/platform'
import type { UserData } from '../domain/session'
import type {
  Build,
  Dependency,
  DockerImage,
  PackagePage,
  PackageQuery,
  PackageSummary,
  Property,
  Provenance,
  VersionDetail,
  VersionPage,
} from '../domain/packages/types'
import type { ReleaseBundle } from '../domain/releaseBundles/types'
import type { RepositorySummary } from '../domain/repositories/types'
import type { RepositoryForm } from '../domain/repositories/rules'
import type { ConnectionAnswer, RemoteSettings } from '../domain/repositories/remote'
import type { ArtifactInfo, TreeChild, TreeRepository } from '../domain/artifacts/types'
import type { ArtifactHits } from '../domain/search/types'
import type { ArtifactSearch } from '../domain/search/artifactSearch'
import type { SecurityPage, SettingsValues } from '../domain/security/types'
import type { BuildDetail, BuildRun } from '../domain/builds/types'
import type { Overview } from '../domain/overview/types'
import type { ClientToken, TokenList, TokenOwner, TokenRequest } from '../domain/tokens/types'
import type { XrayAnswer, XrayAsk, XrayChange } from '../domain/xray/types'
import type { BundleRequest, SupportBundle } from '../domain/supportBundles/types'
import type {
  CatalogueEntry,
  GitRepository,
  GitVendorName,
  VendorIntegrations,
} from '../domain/integrations/types'
import type { ConnectionFailureCause } from '../domain/integrations/events'

export type Result<A> = Either<Failure, A>

/** Wall clock in epoch milliseconds; the only source of time. */
export interface Clock {
  now(): number
}

/** Fresh ids (correlation ids, toast ids, recent-search ids). */
export interface IdSource {
  next(): string
}

/**
 * Holds secrets (passwords, OTP codes, tokens) outside events and the log: the UI stashes
 * a secret and puts only its reference in a command; the effect takes it once.
 */
export interface SecretVault {
  put(secret: string): string
  take(ref: string): string | undefined
}

/**
 * A secret the user is shown, kept in memory by reference while a screen needs it (at most a
 * few are kept): never in events, the log or web storage.
 */
export interface ShownStore<A> {
  put(value: A): string
  get(ref: string): A | undefined
  clear(): void
}

/** The TOTP enrolment data the platform gives: the secret and its otpauth URL. */
export interface MfaEnrollmentData {
  readonly secret: string
  readonly otpauthUrl: string
}

/** The secrets an app shows, one set per app. */
export interface ShownSecrets {
  /** MFA enrolment data, until the login completes or ends. */
  readonly enrollments: ShownStore<MfaEnrollmentData>
  /** The API key the profile screen shows, until it is hidden or the session ends. */
  readonly apiKeys: ShownStore<string>
  /** A client token just made, until it is dismissed or the session ends. */
  readonly clientTokens: ShownStore<string>
  /** A support bundle's session log (NDJSON) while the debug panel replays it. */
  readonly sessions: ShownStore<string>
}

/** Files the user chose (a deploy) kept out of commands and events; the effect takes one once. */
export interface FileStash {
  put(file: Blob): string
  take(ref: string): Blob | undefined
}

/** Web storage seen as strings; never used for secrets. */
export interface KeyValueStore {
  get(key: string): string | null
  set(key: string, value: string): void
  remove(key: string): void
}

/** The browser's history; the router adapter keeps it in step with `state.navigation`. */
export interface HistoryPort {
  current(): string
  push(path: string): void
  replace(path: string): void
  /** Full-page navigation to another site (SSO providers, external redirect targets). */
  assign(url: string): void
}

// --- platform (start-up data, features, licence, microservices) -----------------------
export interface PlatformApi {
  version(): Promise<Result<{ readonly version: string; readonly revision: string }>>
  microservices(): Promise<Result<ReadonlyArray<Microservice>>>
  footer(): Promise<Result<Footer>>
  entitlements(): Promise<Result<ReadonlyArray<string>>>
  features(): Promise<Result<Readonly<Record<string, boolean>>>>
  microserviceEnabled(key: string): Promise<Result<boolean>>
  /** Onboarding start data: does the platform still have only its default repositories? */
  onboardingStatus(): Promise<Result<boolean>>
  blockedUsages(): Promise<Result<ReadonlyArray<string>>>
  packageTypes(): Promise<Result<ReadonlyArray<string>>>
  projects(): Promise<Result<ReadonlyArray<ProjectSummary>>>
  artifactCount(): Promise<Result<number>>
  sendOnPremMetrics(metrics: OnPremMetrics): Promise<Result<void>>
}

// --- session (login, user, MFA, passwords) ---------------------------------------------
export type { LoginRelatedData } from '../domain/session/loginSettings'
import type { LoginRelatedData } from '../domain/session/loginSettings'

export interface SessionApi {
  loginRelatedData(): Promise<Result<LoginRelatedData>>
  visualMode(): Promise<Result<{ readonly loginIsExternal: boolean; readonly isProvidersHidden: boolean }>>
  userPlugins(): Promise<Result<boolean>>
  realms(): Promise<Result<ReadonlyArray<{ readonly realm: string; readonly enabled: boolean }>>>
  loginDialog(): Promise<Result<{ readonly content: string; readonly permanent: boolean }>>
  samlLogoutUrl(): Promise<Result<string>>
  samlRegistrationId(): Promise<Result<string>>
  oauthProviders(): Promise<
    Result<ReadonlyArray<{ readonly name: string; readonly type: string; readonly url: string }>>
  >
  autoRedirect(): Promise<Result<boolean>>
  current(): Promise<Result<UserData>>
  login(input: {
    readonly user: string
    readonly password: string
    readonly rememberMe: boolean
  }): Promise<Result<UserData>>
  /** The same sign-in through the access service's login; its failures name their code first in `errors`. */
  accessLogin(input: {
    readonly user: string
    readonly password: string
    readonly rememberMe: boolean
  }): Promise<Result<UserData>>
  /** Signs in through Crowd's single sign-on cookie or the person a trusted proxy names. */
  ssoLogin(kind: 'crowd' | 'http'): Promise<Result<UserData>>
  logout(): Promise<Result<void>>
  /** The pending login's enrolment; `access` asks the access service's (after an access login). */
  mfaEnrollment(service?: 'access'): Promise<Result<MfaEnrollmentData>>
  verifyOtp(otp: string, service?: 'access'): Promise<Result<UserData>>
  forgotPassword(user: string): Promise<Result<void>>
  validateKey(key: string): Promise<Result<{ readonly user: string }>>
  resetPassword(input: {
    readonly key: string
    readonly user: string
    readonly password: string
  }): Promise<Result<UserData>>
  changePassword(input: {
    readonly userName: string
    readonly oldPassword: string
    readonly newPassword: string
  }): Promise<Result<UserData>>
  register(input: {
    readonly user: string
    readonly email: string
    readonly password: string
  }): Promise<Result<UserData>>
  invitation(token: string): Promise<Result<{ readonly email: string }>>
  acceptInvitation(input: {
    readonly token: string
    readonly user: string
    readonly password: string
  }): Promise<Result<UserData>>
  registerCliSession(input: {
    readonly session: string
    readonly clientName: string
    /** The CLI's own code (jfClientCode), which it posts back for its token. */
    readonly code?: string
  }): Promise<Result<{ readonly code: string }>>
  /** Analytics identity of the signed-in user (`POST ui/userIdentifyToken/{name}`); only its lifetime is answered. */
  identify(name: string): Promise<Result<{ readonly expiresIn: number }>>
  /** Confirms the password: the profile stays unlocked until the answered time. */
  unlockProfile(password: string): Promise<Result<{ readonly unlockedUntil: string }>>
  /** One's own email and/or password (needs an unlocked profile). */
  updateProfile(changes: { readonly email?: string; readonly password?: string }): Promise<Result<UserData>>
  /** The user's API key, with the re-authentication header built from the user and password. */
  apiKey(user: string, password: string): Promise<Result<string>>
}

// --- admin (settings, proxies, projects, licences, users, groups, permissions) ----------
export interface AdminApi {
  generalConfig(): Promise<Result<GeneralConfig>>
  saveGeneralConfig(config: GeneralConfig): Promise<Result<GeneralConfig>>
  /** The platform's own logo: an image (PNG, JPEG, GIF or WebP) the platform checks by its bytes. */
  uploadLogo(image: Blob): Promise<Result<void>>
  removeLogo(): Promise<Result<void>>
  licenses(): Promise<Result<ReadonlyArray<License>>>
  proxies(): Promise<Result<ReadonlyArray<Proxy>>>
  /** `password` is the secret itself, taken from the vault by the effect. */
  saveProxy(
    create: boolean,
    proxy: Omit<Proxy, 'hasPassword'> & { readonly password?: string },
  ): Promise<Result<Proxy>>
  deleteProxy(key: string): Promise<Result<void>>
  projects(): Promise<Result<ReadonlyArray<Project>>>
  createProject(project: { key: string; name: string; description: string }): Promise<Result<Project>>
  members(projectKey: string): Promise<Result<ReadonlyArray<Member>>>
  saveMembers(projectKey: string, members: ReadonlyArray<Member>): Promise<Result<ReadonlyArray<Member>>>
  peers(): Promise<Result<ReadonlyArray<Peer>>>
  users(): Promise<Result<ReadonlyArray<AdminUser>>>
  /** `password` is the secret itself, taken from the vault by the effect; absent keeps it. */
  saveUser(create: boolean, user: AdminUserInput): Promise<Result<AdminUser>>
  deleteUser(name: string): Promise<Result<void>>
  invite(email: string): Promise<Result<{ readonly email: string; readonly expiresAt: string }>>
  groups(): Promise<Result<ReadonlyArray<Group>>>
  saveGroup(create: boolean, group: Omit<Group, 'createdAt'>): Promise<Result<Group>>
  deleteGroup(name: string): Promise<Result<void>>
  permissions(): Promise<Result<ReadonlyArray<Permission>>>
  savePermission(create: boolean, permission: Omit<Permission, 'createdAt'>): Promise<Result<Permission>>
  deletePermission(name: string): Promise<Result<void>>
}
export interface AdminUserInput {
  readonly name: string
  readonly email: string
  readonly admin: boolean
  readonly mfaRequired: boolean
  readonly passwordExpired: boolean
  readonly credentialsExpired: boolean
  readonly disabled: boolean
  readonly groups: ReadonlyArray<string>
  readonly password?: string
  readonly resetMfa?: boolean
}

// --- serviceStatus (topology, nodes) ---------------------------------------------------
export interface ServiceStatusApi {
  /** Every node of every service (`GET /system/status/ha`). */
  topology(): Promise<Result<ReadonlyArray<TopologyNode>>>
  /** The state of each node (`GET /system/status/nodes`): the per-node status of high-availability licences. */
  nodeStates(): Promise<Result<ReadonlyArray<NodeState>>>
  /** Removes a node of a service (`DELETE /access/api/v1/topology/{service_id}/{node_id}`). */
  removeNode(serviceId: string, nodeId: string): Promise<Result<void>>
  /** The log files of a product (log key) on a node, and how often to poll them. */
  logFiles(product: string, nodeId: string): Promise<Result<LogFiles>>
  /** What a log file gained after `fileSize` bytes. */
  logData(query: {
    readonly product: string
    readonly nodeId: string
    readonly file: string
    readonly fileSize: number
  }): Promise<Result<{ readonly content: string; readonly fileSize: number; readonly lastUpdate: string }>>
}

// --- packages (GraphQL metadata and supporting calls) ----------------------------------
export interface PackagesApi {
  /** One page of packages (cursor paging); `signal` cancels a superseded search. */
  searchPackages(
    query: PackageQuery,
    page: { readonly first: number; readonly after: string | null },
    signal?: AbortSignal,
  ): Promise<Result<PackagePage>>
  /** How many packages match (every package when `query` is null). */
  countPackages(query: PackageQuery | null): Promise<Result<number>>
  /** The package, or null when there is none with this id. */
  getPackage(id: string): Promise<Result<PackageSummary | null>>
  /** Versions by semantic-version name, descending. */
  listVersions(
    filter: {
      readonly packageId: string
      readonly name?: string
      readonly releaseOnly?: boolean
      /** Only the versions holding a file with this sha256, sha1 or md5. */
      readonly checksum?: string
    },
    page: { readonly first: number; readonly after: string | null },
  ): Promise<Result<VersionPage>>
  /** The version of the package with this name, with its files; null when there is none. */
  getVersion(packageId: string, name: string): Promise<Result<VersionDetail | null>>
  getReadme(versionId: string, path: string): Promise<Result<string>>
  getBuilds(repoKey: string, path: string): Promise<Result<ReadonlyArray<Build>>>
  getDockerLayers(repoKey: string, path: string): Promise<Result<DockerImage>>
  getNpmDependencies(path: string): Promise<Result<ReadonlyArray<Dependency>>>
  getNpmProperties(path: string): Promise<Result<ReadonlyArray<Property>>>
  /** Fetches a file and hands it to the browser as a download. */
  download(repoKey: string, path: string): Promise<Either<DownloadFailure, void>>
  /** Asks a version's remote again about its upstream (nothing is cached): where it stands now. */
  checkUpstream(versionId: string): Promise<Result<Provenance>>
}

/**
 * Why a download failed: a version a watch's policy blocks is refused with code `BLOCKED`, naming
 * the policy and the watch when the platform did.
 */
export type DownloadFailure = Failure & { readonly policy?: string; readonly watch?: string }

// --- releaseBundles --------------------------------------------------------------------
export interface ReleaseBundlesApi {
  /** Release bundles that contain the artifact with this sha256 or sha1 checksum. */
  byChecksum(checksum: string, numOfRows: number): Promise<Result<ReadonlyArray<ReleaseBundle>>>
}

// --- security ----------------------------------------------------------------------------
export interface SecurityApi {
  /** A settings page's values, flat (read-only facts such as `sp.entityId` or `clientSecretSet` included). */
  load(page: SecurityPage): Promise<Result<SettingsValues>>
  /** `secret` is the page's write-only secret itself, taken from the vault by the effect; absent keeps it. */
  save(page: SecurityPage, values: SettingsValues, secret?: string): Promise<Result<SettingsValues>>
  /** Test connection: what the platform found at the target. */
  test(page: SecurityPage, target: string): Promise<Result<Readonly<Record<string, string>>>>
}

// --- repositories ------------------------------------------------------------------------
export interface RepositoriesApi {
  list(): Promise<Result<ReadonlyArray<RepositorySummary>>>
  /** Creates (`create`) or updates the repository the form describes. */
  save(form: RepositoryForm, create: boolean): Promise<Result<string>>
  remove(key: string): Promise<Result<void>>
  /** Local, remote and virtual for each package type; keys already taken are reported. */
  createQuickly(
    packageTypes: ReadonlyArray<string>,
  ): Promise<Result<{ created: ReadonlyArray<string>; existing: ReadonlyArray<string> }>>
  /** A fresh client token for the signed-in user (`POST /ui/npm/token`); the platform keeps only its hash. */
  clientToken(): Promise<Result<{ readonly token: string; readonly user: string }>>
  /** A remote's upstream settings and state (never its credentials). */
  remote(key: string): Promise<Result<RemoteSettings>>
  /** Changes a remote's settings; credentials absent keep the saved ones, null removes them. */
  saveRemote(key: string, settings: RemoteSettingsInput): Promise<Result<RemoteSettings>>
  /** Test connection: a real request to the upstream the form names. */
  testConnection(request: ConnectionTestInput): Promise<Result<ConnectionAnswer>>
}

/** Credentials on their way to the platform (the secrets taken from the vault just before). */
export type UpstreamCredentialsInput =
  { readonly userName: string; readonly password?: string } | { readonly token: string }

export interface RemoteSettingsInput {
  readonly offline: boolean
  readonly metadataTtlSeconds: number
  readonly connectTimeoutMs: number
  readonly readTimeoutMs: number
  readonly credentials?: UpstreamCredentialsInput | null
}

export interface ConnectionTestInput {
  readonly packageType: string
  readonly url: string
  /** The saved remote whose credentials are used when none are given. */
  readonly key?: string
  readonly connectTimeoutMs: number
  readonly readTimeoutMs: number
  readonly credentials?: UpstreamCredentialsInput | null
}

// --- artifacts -----------------------------------------------------------------------------
export interface ArtifactsApi {
  /** The repositories at the tree's top. */
  repositories(): Promise<Result<ReadonlyArray<TreeRepository>>>
  /** A page of the folders and files right under a path ('' for the repository's root). */
  children(
    repoKey: string,
    path: string,
    offset: number,
    limit: number,
  ): Promise<Result<{ readonly children: ReadonlyArray<TreeChild>; readonly total: number }>>
  info(repoKey: string, path: string): Promise<Result<ArtifactInfo>>
  /** The Quick search (stored files by name) or the Archive search (files inside archives). */
  search(search: ArtifactSearch, signal?: AbortSignal): Promise<Result<ArtifactHits>>
  /** Uploads a file; `onProgress` hears of the bytes sent. Answers where it went and its sha256. */
  deploy(
    repoKey: string,
    path: string,
    file: Blob,
    onProgress: (loaded: number, total: number) => void,
  ): Promise<
    Result<{
      readonly repoKey: string
      readonly path: string
      readonly sha256: string
      readonly size: number
    }>
  >
  /** Deletes a file or folder (`DELETE /artifactory/<repo>/<path>`); an npm tarball deletes its version. */
  remove(repoKey: string, path: string): Promise<Result<void>>
  /** Deletes the manifest a tag's manifest.json names, by digest, with every tag on it. */
  removeImageManifest(repoKey: string, path: string): Promise<Result<void>>
}

// --- builds ----------------------------------------------------------------------------------
// --- tokens (client tokens: Edit Profile's and the admins') ---------------------------------
/** A token just made: its description, scope and dates, and its value (answered this once). */
export interface MadeToken {
  readonly token: ClientToken
  readonly secret: string
}
export interface TokensApi {
  /** The user's own live tokens (`mine`) or everyone's (`all`, admins), with the lifetimes allowed. */
  list(owner: TokenOwner): Promise<Result<TokenList>>
  create(request: TokenRequest): Promise<Result<MadeToken>>
  revoke(owner: TokenOwner, id: string): Promise<Result<void>>
  /** Sets the longest lifetime (admins); answers the one now in force. */
  setPolicy(maxDays: number): Promise<Result<number>>
}

// --- xray (security scanning) ----------------------------------------------------------------
export interface XrayApi {
  /** One of the security screens' lists or details, as asked. */
  load(ask: XrayAsk): Promise<Result<XrayAnswer>>
  /**
   * A change (admins); answers once the platform has made it. `webhookUrl` is the new webhook a
   * settings save sets, taken from the vault by the effect; `file` the export an import of a file
   * sends, taken from the file stash by the effect.
   */
  change(change: XrayChange, webhookUrl?: string, file?: Blob): Promise<Result<void>>
}

// --- overview (home page) --------------------------------------------------------------------
export interface OverviewApi {
  /** The artifact count and the home page's figures, asked together. */
  load(): Promise<Result<Overview>>
}

export interface BuildsApi {
  /** Every build run, newest first. */
  list(): Promise<Result<ReadonlyArray<BuildRun>>>
  detail(name: string, number: string): Promise<Result<BuildDetail>>
}

// --- integrations (catalogue, git integrations, repository scanning) -------------------
/** The git form as the platform takes it (spec 001): vendorName is the numeric id, integrationType 1 (git). */
export interface GitIntegrationForm {
  readonly userName: string
  readonly integrationName: string
  readonly url: string
  readonly vendorName: number
  readonly integrationType: number
  /** The token itself, taken from the vault by the effect; absent on update keeps the stored one. */
  readonly token?: string
  readonly integrationKey?: string
}
export interface IntegrationsApi {
  catalogue(): Promise<Result<ReadonlyArray<CatalogueEntry>>>
  /** One vendor's integrations, their services, and which the scanning service is connected to. */
  vendorIntegrations(vendor: GitVendorName): Promise<Result<VendorIntegrations>>
  /** The platform calls the vendor with the token; `success` false is an answer, not a failure. */
  testConnection(
    form: GitIntegrationForm,
  ): Promise<Result<{ readonly success: boolean; readonly cause?: ConnectionFailureCause }>>
  /** The new integration's key. */
  create(form: GitIntegrationForm): Promise<Result<string>>
  update(integrationKey: string, form: GitIntegrationForm): Promise<Result<string>>
  remove(integrationKey: string): Promise<Result<void>>
  /** The integration's repositories as the vendor lists them, with the ones chosen for scanning. */
  repositories(integrationKey: string): Promise<Result<ReadonlyArray<GitRepository>>>
  saveRepositories(
    integrationKey: string,
    selected: ReadonlyArray<string>,
  ): Promise<Result<ReadonlyArray<GitRepository>>>
  /** The signed-in OAuth user's API key (X-JFrog-Reauthentication without a password). */
  oauthApiKey(user: string): Promise<Result<string>>
}

// --- supportBundles (support zone) ---------------------------------------------------
export interface SupportBundlesApi {
  list(): Promise<Result<ReadonlyArray<SupportBundle>>>
  /** Creates a bundle through its service's path (spec 001 section 7); it starts 'in progress'. */
  create(request: BundleRequest, session?: string): Promise<Result<SupportBundle>>
  remove(id: string): Promise<Result<void>>
  /** The console session a bundle carries: its redacted event log (NDJSON). */
  session(id: string): Promise<Result<string>>
  /** Fetches the zip and hands it to the browser as a download. */
  download(id: string): Promise<Result<void>>
  /** Whether release-bundle retention is on. */
  retentionEnabled(): Promise<Result<boolean>>
  /** Whether Mission Control is enabled (the service-enabled check) and answers its ping. */
  missionControlAvailable(): Promise<Result<boolean>>
}

// --- navigation (per-user console preferences) ---------------------------------------------
export type NavigationType = 'new' | 'classic'
export interface NavigationApi {
  /** The signed-in user's navigation type. */
  navigationType(): Promise<Result<NavigationType>>
  saveNavigationType(type: NavigationType): Promise<Result<NavigationType>>
}

// --- set-me-up (the address clients are set up with) -----------------------------------------
export interface SetMeUpApi {
  /**
   * The base URL clients are set up with (set-me-up, the client flows, tool setup) and the
   * reverse proxies in front of the platform (empty when it names none).
   */
  clientBaseUrl(): Promise<
    Result<{ readonly baseUrl: string; readonly reverseProxies: ReadonlyArray<ReverseProxy> }>
  >
}

// --- getting started (the flag, the questionnaire) ------------------------------------------
export interface GettingStartedApi {
  /** Saves that the signed-in user has seen getting started. */
  saveGettingStartedSeen(): Promise<Result<void>>
  /** Saves the signed-in user's questionnaire answers. */
  saveQuestionnaire(answers: Questionnaire): Promise<Result<void>>
}

// --- contact us (the form, the requests admins read) -----------------------------------------
export interface ContactApi {
  /** Sends a contact request; a demo request may come back with a page to book a time. */
  sendContactRequest(request: ContactRequest): Promise<Result<{ readonly schedulingLink: string | null }>>
  /** The contact requests the platform stored, newest first (admins). */
  contactRequests(): Promise<Result<ReadonlyArray<ContactRecord>>>
}

// --- personalization -------------------------------------------------------------------------
export interface PersonalizationApi {
  /** Whether the platform has the signed-in user's personalization. */
  personalizationStatus(): Promise<Result<{ readonly sent: boolean }>>
  /** Sends the signed-in user's personalization choices. */
  sendPersonalization(choices: PersonalizationChoices): Promise<Result<void>>
}

/** The education center's calls (server/API.md, "Platform", the `/ui/education` rows). */
export interface EducationApi {
  /** The education center of the signed-in user: videos played and whether feedback was given. */
  educationProgress(): Promise<Result<EducationProgress>>
  /** Records that the signed-in user played a getting-started video. */
  markVideoPlayed(video: EducationVideoId): Promise<Result<void>>
  /** Sends feedback on an education center module. */
  sendEducationFeedback(feedback: {
    readonly module: EducationModule
    readonly helpful: boolean
    readonly comment: string
  }): Promise<Result<void>>
}

export interface EducationProgress {
  readonly played: ReadonlyArray<string>
  readonly feedbackGiven: boolean
}

export interface Ports {
  readonly clock: Clock
  readonly ids: IdSource
  /** Scheduler for debounce, timers and retries; a virtual one in tests. */
  readonly scheduler: SchedulerLike
  readonly secrets: SecretVault
  readonly files: FileStash
  readonly shown: ShownSecrets
  readonly localStore: KeyValueStore
  readonly sessionStore: KeyValueStore
  readonly history: HistoryPort
  readonly platformApi: PlatformApi
  readonly sessionApi: SessionApi
  readonly adminApi: AdminApi
  readonly serviceStatusApi: ServiceStatusApi
  readonly packagesApi: PackagesApi
  readonly releaseBundlesApi: ReleaseBundlesApi
  readonly supportBundlesApi: SupportBundlesApi
  readonly navigationApi: NavigationApi
  readonly personalizationApi: PersonalizationApi
  readonly gettingStartedApi: GettingStartedApi
  readonly contactApi: ContactApi
  readonly setMeUpApi: SetMeUpApi
  readonly educationApi: EducationApi
  readonly repositoriesApi: RepositoriesApi
  readonly artifactsApi: ArtifactsApi
  readonly securityApi: SecurityApi
  readonly buildsApi: BuildsApi
  readonly overviewApi: OverviewApi
  readonly integrationsApi: IntegrationsApi
  readonly tokensApi: TokensApi
  readonly xrayApi: XrayApi
}
