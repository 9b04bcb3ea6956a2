/**
 * Security scanning's API under /ui/api/v1: the specification's calls (violations by package,
 * component details and search, the scanner's version) and the platform's own under
 * /xray/api/v1 (advisory database, policies, watches, violations, ignore rules, scans, indexed
 * resources, settings, trends, SBOM). Reads need a user; changes need an admin.
 */
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyRequest } from 'fastify'
import { isLeft } from 'fp-ts/Either'
import { PathReporter } from 'io-ts/PathReporter'
import type * as t from 'io-ts'
import { HttpError, type RouteModule } from '../context'
import { documented } from '../ops/schemas'
import { NAME_PATTERN } from '../../domain/shared/forms'
import {
  IgnoreRuleInputCodec,
  PolicyCodec,
  WatchCodec,
  XRAY_SEVERITIES,
  WEBHOOK_URL_MAX,
  isHttpUrl,
  webhookTarget,
  type Policy,
  type ScanSettings,
  type Watch,
} from '../../domain/xray'
import { xrayFor } from './service'
import { GitScanStore } from './gitScanStore'
import { sbomOf } from './sbom'
import {
  BUILD_ID_OFFSET,
  type FindingRow,
  type StoredAdvisory,
  type StoredScanSettings,
  type ViolationResourceType,
  type ViolationRow,
} from './store'

const SEVERITY_LABELS: Record<string, string> = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  unknown: 'Unknown',
}

const projectVersion = (() => {
  try {
    return (
      (JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as { version?: string })
        .version ?? '0.0.0'
    )
  } catch {
    return '0.0.0'
  }
})()

/** Largest advisory export uploaded through the console (a zip of an ecosystem). */
export const ADVISORY_UPLOAD_LIMIT = 256 * 1024 * 1024

const decode = <A>(codec: t.Type<A, unknown>, body: unknown): A => {
  const d = codec.decode(body)
  if (isLeft(d)) throw new HttpError(400, `Invalid request: ${PathReporter.report(d)[0] ?? ''}`, 'VALIDATION')
  return d.right
}

const checkName = (name: string, what: string) => {
  if (!NAME_PATTERN.test(name) || name.length > 64)
    throw new HttpError(
      400,
      `${what} name can only contain letters, digits, dashes, underscores and periods`,
      'BAD_NAME',
    )
}

const versionIdOf = (packageId: string, version: string) => `${packageId}@${version}`
const pageQuery = {
  limit: { type: 'integer', minimum: 1, maximum: 1000 },
  offset: { type: 'integer', minimum: 0 },
} as const

const routes: RouteModule = async (app, ctx) => {
  const xray = xrayFor(ctx)
  const store = xray.store
  const user = (request: FastifyRequest) => ctx.requireUser(request, { allowAnonymous: true })

  const advisoryUrl = (id: string, a: StoredAdvisory | undefined) =>
    a?.references.find((r) => r.type === 'ADVISORY' && r.url.includes('github.com/advisories'))?.url ??
    (id.startsWith('GHSA-') ? `https://github.com/advisories/${id}` : `https://osv.dev/vulnerability/${id}`)

  /**
   * A finding as the console's Xray Data tab and the violations call show it, with its advisory
   * and the violations in force of its version.
   */
  const vulnerabilityOf = (
    f: FindingRow,
    packageId: string,
    version: string,
    newSeverities: boolean,
    a: StoredAdvisory | undefined,
    violations: readonly ViolationRow[],
  ) => {
    const violated = violations.filter((v) => v.issue === f.advisoryId && v.component === f.component)
    return {
      package_id: packageId,
      version,
      issue_id: f.advisoryId,
      cves: a?.aliases.filter((x) => x.startsWith('CVE-')) ?? [],
      severity: newSeverities ? (SEVERITY_LABELS[f.severity] ?? 'Unknown') : f.severity,
      cvss_score: f.cvssScore,
      cvss_vector: a?.cvssVector ?? null,
      summary: a?.summary ?? f.advisoryId,
      url: advisoryUrl(f.advisoryId, a),
      component: f.component,
      component_version: f.componentVersion,
      direct: f.direct,
      vulnerable_versions: f.vulnerableRange,
      fixed_versions: f.fixed,
      references: a?.references.map((r) => r.url) ?? [],
      policies: [...new Set(violated.map((v) => v.policy))],
    }
  }

  type ViolationQuery = { new_severities?: boolean; package_id?: string; version?: string; limit?: number }
  /**
   * A package's (or one version's) findings: its versions' findings, their advisories and their
   * violations in force read in one statement each, however many versions and findings.
   */
  const answerViolations = async (request: FastifyRequest, q: ViolationQuery) => {
    user(request)
    const rows = q.package_id ? await store.versionsOfPackage(q.package_id, q.version) : []
    const findings = await store.findingsOfVersions(rows.map((v) => v.id))
    const found = rows.flatMap((v) => (findings.get(v.id) ?? []).map((f) => ({ v, f })))
    const advisories = await store.advisoriesOf([...new Set(found.map(({ f }) => f.advisoryId))])
    const violations = await store.violationsInForceOf([...findings.keys()], xray.now())
    const data = found.map(({ v, f }) =>
      vulnerabilityOf(
        f,
        v.package_id,
        v.name,
        q.new_severities === true,
        advisories.get(f.advisoryId),
        violations.get(v.id) ?? [],
      ),
    )
    const rank = (s: string) => XRAY_SEVERITIES.indexOf(s.toLowerCase() as (typeof XRAY_SEVERITIES)[number])
    data.sort((a, b) => rank(a.severity) - rank(b.severity) || a.issue_id.localeCompare(b.issue_id))
    const limited = data.slice(0, q.limit ?? 1000)
    return { data: limited, total_count: data.length }
  }
  const violationSelector = {
    type: 'object',
    properties: {
      new_severities: { type: 'boolean' },
      package_id: { type: 'string', maxLength: 1024 },
      version: { type: 'string', maxLength: 256 },
      limit: { type: 'integer', minimum: 1, maximum: 1000 },
    },
  } as const
  app.get<{ Querystring: ViolationQuery }>(
    '/xray/ui/unified/artifactViolationsByPackage',
    {
      schema: documented('Vulnerabilities of a package (or one version) from its scans', {
        querystring: violationSelector,
      }),
    },
    async (request) => answerViolations(request, request.query),
  )
  app.post<{ Querystring: { new_severities?: boolean }; Body: ViolationQuery | null }>(
    '/xray/ui/unified/artifactViolationsByPackage',
    {
      schema: documented('Vulnerabilities of a package (or one version), selector in the body', {
        querystring: { type: 'object', properties: { new_severities: { type: 'boolean' } } },
        body: violationSelector,
      }),
    },
    async (request) => answerViolations(request, { ...(request.body ?? {}), ...request.query }),
  )

  app.get(
    '/xray/ui/homepage/getXrayVersion',
    { schema: documented("The scanner's version and its database", {}) },
    async (request) => {
      user(request)
      const last = (await store.imports(10, xray.now())).find((i) => i.ok)
      return {
        xray_version: projectVersion,
        xray_revision: 'osv',
        advisories_built_at: last?.finished ?? '',
        advisories: await store.advisoryCount(),
      }
    },
  )

  const detailsOf = async (versionId: string) => {
    const v = await store.versionToScan(versionId)
    if (!v) throw new HttpError(404, `No component ${versionId}`, 'NOT_FOUND')
    const scan = await store.scanOf(versionId)
    const blocked = await xray.blockingViolation(versionId)
    const findings = await store.findingsOf(versionId)
    // The package's own type (a container image is no npm package: its layers are scanned).
    const type = /^([a-z]+):\/\//.exec(v.packageId)?.[1] ?? 'npm'
    return {
      component_id: `${type}://${v.name}:${v.version}`,
      version_id: v.id,
      package_id: v.packageId,
      name: v.name,
      version: v.version,
      package_type: type,
      repo: v.repo,
      indexed: await store.isIndexed(v.repo),
      scan_status: scan?.status ?? 'not_scanned',
      // Why it is not scanned (waiting for an image's layers) or why the scan failed.
      scan_error: scan?.error ?? null,
      last_scanned: scan?.scanned_at ?? null,
      licenses: v.licences,
      vulnerabilities: {
        critical: scan?.critical ?? 0,
        high: scan?.high ?? 0,
        medium: scan?.medium ?? 0,
        low: scan?.low ?? 0,
        unknown: scan?.unknown ?? 0,
      },
      direct_issues: findings.filter((f) => f.direct).length,
      dependency_issues: findings.filter((f) => !f.direct).length,
      violations: (await store.violations({ versionId, limit: 1000, offset: 0 }, xray.now())).total,
      blocked: blocked
        ? { policy: blocked.policy, watch: blocked.watch, issue: blocked.issue, severity: blocked.severity }
        : null,
    }
  }

  app.post<{ Body: { package_id?: string; version?: string; component_id?: string } }>(
    '/xray/ui/component/details/general',
    {
      schema: documented('General scan details of one component (package and version)', {
        body: {
          type: 'object',
          properties: {
            package_id: { type: 'string', maxLength: 1024 },
            version: { type: 'string', maxLength: 256 },
            component_id: { type: 'string', maxLength: 1300 },
          },
        },
      }),
    },
    async (request) => {
      user(request)
      const b = request.body ?? {}
      if (b.package_id && b.version) return detailsOf(versionIdOf(b.package_id, b.version))
      // npm://name:version or docker://image:tag, the scanner's component id.
      const m = /^(npm|docker):\/\/(.+):([^:]+)$/.exec(b.component_id ?? '')
      if (m) return detailsOf(versionIdOf(`${m[1]}://${m[2]}`, m[3]!))
      throw new HttpError(400, 'Name the component: package_id and version, or component_id', 'VALIDATION')
    },
  )

  app.post<{
    Querystring: { direction?: 'asc' | 'desc'; num_of_rows?: number; order_by?: string; page_num?: number }
    Body: { all_components?: boolean; status?: string; search?: string } | null
  }>(
    '/xray/ui/component/paginatedsearch',
    {
      schema: documented('Scanned components, a page at a time (the Scans List)', {
        querystring: {
          type: 'object',
          properties: {
            direction: { type: 'string', enum: ['asc', 'desc'] },
            num_of_rows: { type: 'integer', minimum: 1, maximum: 500 },
            order_by: { type: 'string', enum: ['last_updated', 'name'] },
            page_num: { type: 'integer', minimum: 1 },
          },
        },
        body: {
          type: ['object', 'null'],
          properties: {
            all_components: { type: 'boolean' },
            status: { type: 'string', enum: ['not_scanned', 'scanning', 'scanned', 'failed'] },
            search: { type: 'string', maxLength: 214 },
          },
        },
      }),
    },
    async (request) => {
      user(request)
      const rows = request.query.num_of_rows ?? 20
      const page = request.query.page_num ?? 1
      const body = request.body ?? {}
      const found = await store.scansPage({
        ...(body.status ? { status: body.status } : {}),
        ...(body.search ? { q: body.search } : {}),
        limit: rows,
        offset: (page - 1) * rows,
        issuesOnly: body.all_components !== true,
        order: request.query.order_by === 'name' ? 'name' : 'last_updated',
        direction: request.query.direction === 'asc' ? 'asc' : 'desc',
      })
      return {
        total_count: found.total,
        data: found.rows.map((r) => ({
          component_id: `${r.package_id}:${r.version}`,
          version_id: r.version_id,
          package_id: r.package_id,
          name: r.package_id.replace(/^[a-z]+:\/\//, ''),
          version: r.version,
          package_type: /^([a-z]+):\/\//.exec(r.package_id)?.[1] ?? 'npm',
          repo: r.repo,
          status: r.status,
          last_updated: r.scanned_at,
          error: r.error,
          vulnerabilities: {
            critical: r.critical,
            high: r.high,
            medium: r.medium,
            low: r.low,
            unknown: r.unknown,
          },
        })),
      }
    },
  )

  // --- The advisory database ---
  app.get(
    '/xray/api/v1/advisories/status',
    { schema: documented('The advisory database: counts and imports', {}) },
    async (request) => {
      user(request)
      return {
        advisories: await store.advisoryCount(),
        by_severity: await store.advisoryCountsBySeverity(),
        imports: await store.imports(20, xray.now()),
        scans: await store.scanStatusCounts(),
        scheduled_url: ctx.config.advisoriesUrl ?? null,
        scheduled_every_ms: ctx.config.advisoriesUrl ? ctx.config.advisoriesIntervalMs : null,
      }
    },
  )

  app.get<{ Params: { id: string } }>(
    '/xray/api/v1/advisories/:id',
    {
      schema: documented('One advisory', {
        params: { type: 'object', properties: { id: { type: 'string', maxLength: 128 } } },
      }),
    },
    async (request) => {
      user(request)
      const a = await store.advisory(request.params.id)
      if (!a) throw new HttpError(404, `No advisory ${request.params.id}`, 'NOT_FOUND')
      return a
    },
  )

  app.register(async (upload) => {
    // An export arrives as its own bytes (a zip or a JSON file), or as {url} to read.
    upload.addContentTypeParser(
      ['application/zip', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: ADVISORY_UPLOAD_LIMIT },
      (_request, body, done) => done(null, body),
    )
    upload.post<{ Querystring: { name?: string; wait?: boolean }; Body: Buffer | { url?: string } }>(
      '/xray/api/v1/advisories/import',
      {
        bodyLimit: ADVISORY_UPLOAD_LIMIT,
        schema: documented('Imports an OSV export (zip or JSON bytes, or {url}); all or nothing (admins)', {
          querystring: {
            type: 'object',
            properties: { name: { type: 'string', maxLength: 200 }, wait: { type: 'boolean' } },
          },
        }),
      },
      async (request) => {
        ctx.requireAdmin(request)
        const body = request.body
        const wait = request.query.wait === true
        if (Buffer.isBuffer(body))
          return xray.importFrom(
            { kind: 'upload', name: request.query.name ?? 'upload', bytes: body },
            { wait },
          )
        const url = body && typeof body === 'object' ? body.url : undefined
        if (typeof url !== 'string' || !/^https?:\/\//.test(url))
          throw new HttpError(400, 'Send the export (zip or JSON) or {"url": "https://…"}', 'VALIDATION')
        return xray.importFrom({ kind: 'url', url }, { wait })
      },
    )
  })

  app.post<{ Params: { id: number } }>(
    '/xray/api/v1/advisories/imports/:id/rescan',
    {
      schema: documented(
        "Scans again for a stored import (its rescan's Retry); its progress shows in status (admins)",
        {
          params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } } },
        },
      ),
    },
    async (request, reply) => {
      ctx.requireAdmin(request)
      const record = await xray.rescanImport(request.params.id)
      if (!record) throw new HttpError(404, `No stored import ${request.params.id}`, 'NOT_FOUND')
      return reply.status(202).send(record)
    },
  )

  // --- Policies ---
  app.get('/xray/api/v1/policies', { schema: documented('Policies', {}) }, async (request) => {
    user(request)
    const using = await store.watchesByPolicy()
    return (await store.policies()).map((p) => ({ ...p, watches: using.get(p.name) ?? [] }))
  })
  const checkPolicy = (p: Policy) => {
    checkName(p.name, 'A policy')
    if (p.rules.length === 0) throw new HttpError(400, 'A policy needs at least one rule', 'VALIDATION')
    for (const r of p.rules) {
      if (r.name.trim() === '') throw new HttpError(400, 'Every rule needs a name', 'VALIDATION')
      if (r.criteria.kind !== p.type)
        throw new HttpError(400, `A ${p.type} policy holds ${p.type} rules only`, 'VALIDATION')
      if (
        r.criteria.kind === 'security' &&
        r.criteria.minCvss !== undefined &&
        !(r.criteria.minCvss >= 0 && r.criteria.minCvss <= 10)
      )
        throw new HttpError(400, 'A CVSS score is from 0 to 10', 'VALIDATION')
    }
    if (new Set(p.rules.map((r) => r.name)).size !== p.rules.length)
      throw new HttpError(400, 'Rule names must differ', 'VALIDATION')
  }
  app.post(
    '/xray/api/v1/policies',
    { schema: documented('Creates a policy (admins)', {}) },
    async (request, reply) => {
      ctx.requireAdmin(request)
      const p = decode(PolicyCodec, request.body)
      checkPolicy(p)
      if (await store.policy(p.name)) throw new HttpError(409, `A policy named ${p.name} exists`, 'EXISTS')
      await store.createPolicy(p, xray.now())
      return reply.status(201).send(p)
    },
  )
  app.put<{ Params: { name: string } }>(
    '/xray/api/v1/policies/:name',
    { schema: documented('Changes a policy (admins)', {}) },
    async (request) => {
      ctx.requireAdmin(request)
      const p = decode(PolicyCodec, request.body)
      if (p.name !== request.params.name) throw new HttpError(400, 'A policy keeps its name', 'VALIDATION')
      checkPolicy(p)
      if (!(await store.updatePolicy(p, xray.now())))
        throw new HttpError(404, `No policy ${p.name}`, 'NOT_FOUND')
      await xray.reevaluateAll()
      return p
    },
  )
  app.delete<{ Params: { name: string } }>(
    '/xray/api/v1/policies/:name',
    { schema: documented('Deletes a policy not assigned to a watch (admins)', {}) },
    async (request, reply) => {
      ctx.requireAdmin(request)
      const using = await store.watchesUsingPolicy(request.params.name)
      if (using.length > 0)
        throw new HttpError(409, `The policy is assigned to ${using.join(', ')}: unassign it first`, 'IN_USE')
      if (!(await store.deletePolicy(request.params.name)))
        throw new HttpError(404, `No policy ${request.params.name}`, 'NOT_FOUND')
      return reply.status(204).send()
    },
  )

  // --- Watches ---
  app.get(
    '/xray/api/v1/watches',
    { schema: documented('Watches, each with its violations in force', {}) },
    async (request) => {
      user(request)
      const counts = await store.violationCountsByWatch(xray.now())
      return (await store.watches()).map((w) => ({ ...w, violations: counts.get(w.name) ?? 0 }))
    },
  )
  const checkWatch = async (w: Watch) => {
    checkName(w.name, 'A watch')
    for (const p of w.policies)
      if (!(await store.policy(p))) throw new HttpError(400, `No policy ${p}`, 'VALIDATION')
    if (w.resources.kind === 'repositories' && w.resources.repositories.length === 0)
      throw new HttpError(400, 'Choose at least one repository', 'VALIDATION')
  }
  app.post(
    '/xray/api/v1/watches',
    { schema: documented('Creates a watch (admins); its violations are computed', {}) },
    async (request, reply) => {
      ctx.requireAdmin(request)
      const w = decode(WatchCodec, request.body)
      await checkWatch(w)
      if (await store.watch(w.name)) throw new HttpError(409, `A watch named ${w.name} exists`, 'EXISTS')
      await store.transaction((s) => s.createWatch(w, xray.now()))
      await xray.reevaluateAll()
      return reply.status(201).send(await store.watch(w.name))
    },
  )
  app.put<{ Params: { name: string } }>(
    '/xray/api/v1/watches/:name',
    { schema: documented('Changes a watch (admins)', {}) },
    async (request) => {
      ctx.requireAdmin(request)
      const w = decode(WatchCodec, request.body)
      if (w.name !== request.params.name) throw new HttpError(400, 'A watch keeps its name', 'VALIDATION')
      await checkWatch(w)
      if (!(await store.transaction((s) => s.updateWatch(w, xray.now()))))
        throw new HttpError(404, `No watch ${w.name}`, 'NOT_FOUND')
      await xray.reevaluateAll()
      return await store.watch(w.name)
    },
  )
  app.delete<{ Params: { name: string } }>(
    '/xray/api/v1/watches/:name',
    { schema: documented('Deletes a watch and its violations (admins)', {}) },
    async (request, reply) => {
      ctx.requireAdmin(request)
      if (!(await store.deleteWatch(request.params.name)))
        throw new HttpError(404, `No watch ${request.params.name}`, 'NOT_FOUND')
      await xray.reevaluateAll()
      return reply.status(204).send()
    },
  )

  // --- Violations and ignore rules ---
  app.get<{
    Querystring: {
      severity?: string
      type?: string
      watch?: string
      policy?: string
      resource?: string
      resourceType?: ViolationResourceType
      limit?: number
      offset?: number
    }
  }>(
    '/xray/api/v1/violations',
    {
      schema: documented('Violations in force, newest first, filtered', {
        querystring: {
          type: 'object',
          properties: {
            severity: { type: 'string', enum: [...XRAY_SEVERITIES] },
            type: { type: 'string', enum: ['security', 'license'] },
            watch: { type: 'string', maxLength: 64 },
            policy: { type: 'string', maxLength: 64 },
            resource: { type: 'string', maxLength: 1300 },
            resourceType: { type: 'string', enum: ['version', 'git', 'build'] },
            ...pageQuery,
          },
        },
      }),
    },
    async (request) => {
      user(request)
      const q = request.query
      return store.violations({ ...q, limit: q.limit ?? 50, offset: q.offset ?? 0 }, xray.now())
    },
  )
  app.get<{ Params: { id: number } }>(
    '/xray/api/v1/violations/:id',
    {
      schema: documented('One violation with its advisory', {
        params: { type: 'object', properties: { id: { type: 'integer' } } },
      }),
    },
    async (request) => {
      user(request)
      const v = await store.violation(request.params.id)
      if (!v) throw new HttpError(404, `No violation ${request.params.id}`, 'NOT_FOUND')
      // A build's violation was found in one of its versions: the finding is that version's.
      const findingIn = async (versionId: string) =>
        (await store.findingsOf(versionId)).find(
          (f) => f.advisoryId === v.issue && f.component === v.component,
        )
      const finding =
        v.id <= -BUILD_ID_OFFSET
          ? v.foundIn && (await findingIn(v.foundIn.versionId))
          : v.id < 0
            ? await new GitScanStore(ctx.sql).findingOfViolation(-v.id)
            : await findingIn(v.versionId)
      return {
        ...v,
        advisory: v.type === 'security' ? ((await store.advisory(v.issue)) ?? null) : null,
        finding: finding ?? null,
        ignored_by: (await store.ignoreRules()).filter(
          (r) => r.expires === undefined || r.expires > xray.now(),
        ).length,
      }
    },
  )
  app.get('/xray/api/v1/ignore_rules', { schema: documented('Ignore rules', {}) }, async (request) => {
    user(request)
    return store.ignoreRules()
  })
  app.post(
    '/xray/api/v1/ignore_rules',
    { schema: documented('Adds an ignore rule (admins)', {}) },
    async (request, reply) => {
      const admin = ctx.requireAdmin(request)
      const input = decode(IgnoreRuleInputCodec, request.body)
      if (input.reason.trim() === '')
        throw new HttpError(400, 'Give the reason for the exception', 'VALIDATION')
      if (input.expires !== undefined && Number.isNaN(Date.parse(input.expires)))
        throw new HttpError(400, 'The expiry is not a date', 'VALIDATION')
      if (!input.issue && !input.component && !input.version && !input.watch && !input.policy)
        throw new HttpError(
          400,
          'An ignore rule needs a scope (issue, component, version, watch or policy)',
          'VALIDATION',
        )
      const rule = {
        ...input,
        ...(input.expires !== undefined ? { expires: new Date(input.expires).toISOString() } : {}),
        id: randomUUID(),
      }
      await store.addIgnoreRule(rule, admin.name, xray.now())
      return reply.status(201).send(rule)
    },
  )
  app.delete<{ Params: { id: string } }>(
    '/xray/api/v1/ignore_rules/:id',
    { schema: documented('Removes an ignore rule (admins)', {}) },
    async (request, reply) => {
      ctx.requireAdmin(request)
      if (!(await store.deleteIgnoreRule(request.params.id)))
        throw new HttpError(404, 'No such ignore rule', 'NOT_FOUND')
      return reply.status(204).send()
    },
  )

  // --- Scans ---
  app.post<{ Body: { version_id?: string } | null }>(
    '/xray/api/v1/scans/rescan',
    {
      schema: documented('Rescans one version now, or every indexed version in the background (admins)', {
        body: { type: ['object', 'null'], properties: { version_id: { type: 'string', maxLength: 1300 } } },
      }),
    },
    async (request, reply) => {
      ctx.requireAdmin(request)
      const id = request.body?.version_id
      if (id) {
        if (!(await xray.rescan(id)))
          throw new HttpError(404, `${id} is not in an indexed repository`, 'NOT_FOUND')
        return detailsOf(id)
      }
      void xray.rescanAll()
      return reply.status(202).send({ queued: true })
    },
  )

  app.get(
    '/xray/api/v1/indexed_resources',
    { schema: documented('Repositories whose versions are scanned', {}) },
    async (request) => {
      user(request)
      return { repositories: await store.indexedRepos() }
    },
  )
  app.put<{ Body: { repositories: string[] } }>(
    '/xray/api/v1/indexed_resources',
    {
      schema: documented('Sets the indexed repositories (admins); newly indexed ones are scanned', {
        body: {
          type: 'object',
          required: ['repositories'],
          properties: {
            repositories: { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 64 } },
          },
        },
      }),
    },
    async (request) => {
      ctx.requireAdmin(request)
      const known = new Set(await store.repositoryKeys())
      const unknown = request.body.repositories.filter((r) => !known.has(r))
      if (unknown.length > 0) throw new HttpError(400, `No repository ${unknown.join(', ')}`, 'VALIDATION')
      await store.transaction((s) => s.setIndexedRepos(request.body.repositories))
      void xray.rescanAll()
      return { repositories: await store.indexedRepos() }
    },
  )

  /** The settings as answered: the webhook only as its target, never its path, user part or query. */
  const shownSettings = ({ notifyUrl, ...settings }: StoredScanSettings): ScanSettings => ({
    ...settings,
    notifyTarget: notifyUrl === null ? null : webhookTarget(notifyUrl),
  })
  app.get('/xray/api/v1/settings', { schema: documented('Scans settings', {}) }, async (request) => {
    user(request)
    return shownSettings(await store.scanSettings())
  })
  app.put<{ Body: Omit<StoredScanSettings, 'notifyUrl'> & { notifyUrl?: string | null } }>(
    '/xray/api/v1/settings',
    {
      schema: documented(
        'Changes the scans settings (admins); no notifyUrl keeps the webhook, null removes it',
        {
          body: {
            type: 'object',
            additionalProperties: false,
            required: ['scanDependencies', 'rescanAfterImport', 'retentionDays'],
            properties: {
              scanDependencies: { type: 'boolean' },
              rescanAfterImport: { type: 'boolean' },
              retentionDays: { type: 'integer', minimum: 1, maximum: 3650 },
              notifyUrl: { type: ['string', 'null'], maxLength: WEBHOOK_URL_MAX },
            },
          },
        },
      ),
    },
    async (request) => {
      ctx.requireAdmin(request)
      const { notifyUrl, ...rest } = request.body
      const url = notifyUrl === undefined ? (await store.scanSettings()).notifyUrl : notifyUrl?.trim() || null
      if (url !== null && !isHttpUrl(url))
        throw new HttpError(400, 'The webhook must be an http or https address', 'VALIDATION')
      const settings = { ...rest, notifyUrl: url }
      await store.setSetting('scans', settings)
      return shownSettings(settings)
    },
  )

  app.get<{ Querystring: { limit?: number } }>(
    '/xray/api/v1/notifications',
    {
      schema: documented(
        'The latest notifications of violations under a rule with the notify action (admins)',
        {
          querystring: {
            type: 'object',
            properties: { limit: { type: 'integer', minimum: 1, maximum: 200 } },
          },
        },
      ),
    },
    async (request) => {
      ctx.requireAdmin(request)
      return { notifications: await store.notifications(request.query.limit ?? 50) }
    },
  )

  app.get<{ Querystring: { days?: number } }>(
    '/xray/api/v1/trends',
    {
      schema: documented('Vulnerabilities and violations after each scan run', {
        querystring: { type: 'object', properties: { days: { type: 'integer', minimum: 1, maximum: 3650 } } },
      }),
    },
    async (request) => {
      user(request)
      const since = new Date(ctx.clock.now() - (request.query.days ?? 30) * 86_400_000).toISOString()
      return { points: await store.history(since) }
    },
  )

  app.get<{ Querystring: { package_id: string; version: string } }>(
    '/xray/api/v1/sbom',
    {
      schema: documented('A CycloneDX 1.5 JSON SBOM of one version, with its vulnerabilities', {
        querystring: {
          type: 'object',
          required: ['package_id', 'version'],
          properties: {
            package_id: { type: 'string', maxLength: 1024 },
            version: { type: 'string', maxLength: 256 },
          },
        },
      }),
    },
    async (request, reply) => {
      user(request)
      const id = versionIdOf(request.query.package_id, request.query.version)
      const sbom = await sbomOf(store, id, xray.now())
      if (!sbom) throw new HttpError(404, `No version ${id}`, 'NOT_FOUND')
      const file = `${request.query.package_id.replace(/^[a-z]+:\/\//, '').replace(/[^A-Za-z0-9._-]/g, '_')}-${request.query.version.replace(/[^A-Za-z0-9._-]/g, '_')}.cdx.json`
      return reply
        .header('Content-Type', 'application/vnd.cyclonedx+json; version=1.5')
        .header('Content-Disposition', `attachment; filename="${file}"`)
        .send(JSON.stringify(sbom, null, 2))
    },
  )
}

export default routes
