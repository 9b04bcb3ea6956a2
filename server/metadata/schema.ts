/**
 * The metadata GraphQL schema, exactly as server/API.md gives it (the console is coded
 * against that text).
 */
import { buildSchema, type GraphQLSchema } from 'graphql'

export const METADATA_SDL = /* GraphQL */ `
  type Query {
    packages(filter: PackageFilter!, first: Int = 100, after: ID, orderBy: PackageOrder): PackageConnection!
    package(id: ID!): Package
    versions(filter: VersionFilter!, first: Int = 100, after: ID, orderBy: VersionOrder): VersionConnection!
  }
  input PackageFilter {
    name: String
    description: String
    packageTypeIn: [String!]
    repositoriesIn: [String!]
    licensesIn: [String!]
    severitiesIn: [Severity!]
    createdMin: String
    createdMax: String
    modifiedMin: String
    modifiedMax: String
    latestVersion: String
    versionCountMin: Int
    versionCountMax: Int
    ignorePreRelease: Boolean
    checksum: String
  }
  input VersionFilter {
    packageId: ID!
    name: String
    repositoriesIn: [String!]
    licensesIn: [String!]
    ignorePreRelease: Boolean
    checksum: String
  }
  enum Severity {
    CRITICAL
    HIGH
    MEDIUM
    LOW
    INFO
    UNKNOWN
  }
  enum Direction {
    ASC
    DESC
  }
  enum PackageOrderField {
    NAME
    CREATED
    MODIFIED
    DOWNLOADS
  }
  enum VersionOrderField {
    NAME_SEMVER
    CREATED
  }
  input PackageOrder {
    field: PackageOrderField!
    direction: Direction!
  }
  input VersionOrder {
    field: VersionOrderField!
    direction: Direction!
  }
  type PageInfo {
    hasNextPage: Boolean!
    endCursor: ID
  }
  type PackageConnection {
    totalCount: Int!
    edges: [PackageEdge!]!
    pageInfo: PageInfo!
  }
  type PackageEdge {
    cursor: ID!
    node: Package!
  }
  type VersionConnection {
    totalCount: Int!
    edges: [VersionEdge!]!
    pageInfo: PageInfo!
  }
  type VersionEdge {
    cursor: ID!
    node: Version!
  }
  type Package {
    id: ID!
    name: String!
    packageType: String!
    description: String
    created: String!
    modified: String!
    latestVersion: String
    versionsCount: Int!
    stats: PackageStats!
    licenses: [License!]!
    tags: [String!]!
    vulnerabilities: Vulnerabilities!
    operationalRisk: OperationalRisk
    "The security scanner has results for this package (false: not scanned)."
    scanned: Boolean!
  }
  type PackageStats {
    downloads: Int!
    followers: Int!
  }
  type License {
    name: String!
    source: String!
  }
  type Vulnerabilities {
    critical: Int!
    high: Int!
    medium: Int!
    low: Int!
    info: Int!
    unknown: Int!
    skipped: Int!
  }
  type OperationalRisk {
    riskLevel: String!
  }
  type Version {
    id: ID!
    name: String!
    created: String!
    modified: String!
    package: Package!
    repos: [VersionRepo!]!
    licenses: [License!]!
    size: Float!
    stats: VersionStats!
    vulnerabilities: Vulnerabilities!
    files: [File!]!
    digest: String
    "The security scanner has results for this version (false: not scanned)."
    scanned: Boolean!
    "Where the version comes from: a local repository, or a remote's cache (null: its repository is gone)."
    provenance: Provenance
  }
  "local: deployed here; cached: fetched from the remote's upstream at cachedAt; notCached: a remote's record not fetched yet, with what the remote last heard from its upstream."
  type Provenance {
    kind: String!
    repository: String!
    upstream: String
    cachedAt: String
    offline: Boolean
    lastFailure: String
    lastFailureAt: String
    lastSuccessAt: String
    "notCached: whether the upstream has the version, as it said when asked within the remote's metadata retrieval period (null: not known)."
    inUpstream: Boolean
  }
  type VersionStats {
    downloadCount: Int!
  }
  type VersionRepo {
    name: String!
    type: String!
    leadFilePath: String!
  }
  type File {
    name: String!
    path: String!
    lead: Boolean!
    size: Float!
    md5: String!
    sha1: String!
    sha256: String!
    mimeType: String!
  }
`

let built: GraphQLSchema | undefined
export const metadataSchema = (): GraphQLSchema => (built ??= buildSchema(METADATA_SDL))
