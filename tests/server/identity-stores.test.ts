/**
 * The identity and admin side's stores (permissions, education, …) on both engines: the embedded
 * SQLite and a PostgreSQL the file starts itself, every migration run on a fresh database. Same
 * calls, same answers.
 */
import { describe, expect, it } from 'vitest'
import type { Sql } from '../../server/db/sql'
import { permissionStore } from '../../server/permissions/store'
import { educationStore } from '../../server/education/store'
import { manualClock } from '../../server/clock'
import { insertUser } from '../../server/auth/accounts'
import { consumeToken, findUsableToken, issueMailToken } from '../../server/auth/mailTokens'
import { createRateLimiter } from '../../server/auth/rateLimit'
import { authStore, sessionRecords, userRecords } from '../../server/auth/store'
import {
  administeredProjects,
  findUserById,
  findUserByName,
  findUserByNameOrEmail,
  seedAccounts,
  userData,
} from '../../server/auth/users'
import { adminUsersStore } from '../../server/admin/usersStore'
import { configFromEnv } from '../../server/config'
import { hashToken } from '../../server/context'
import { ssoUser } from '../../server/sso/ssoUsers'
import { ssoStore } from '../../server/sso/store'
import { platformStore } from '../../server/platform/store'
import { proxiesStore } from '../../server/admin/proxiesStore'
import type { FastifyReply } from 'fastify'
import { readGeneralConfig, writeGeneralConfig } from '../../server/admin/generalConfig'
import { passwordPolicyOf } from '../../server/admin/securityRoutes'
import { readSetting, readSettingOver, writeSetting } from '../../server/platform/store'
import { readOidcSettings, DEFAULT_OIDC_SETTINGS } from '../../server/sso/oidcSettings'
import { overviewStore } from '../../server/overview/store'
import { storageCache } from '../../server/overview/storageCache'
import { migrated, testEngines } from '../support/engines'

const engines = testEngines()

const T0 = '2026-12-01T10:00:00.000Z'

async function addUser(sql: Sql, name: string): Promise<number> {
  const row = await sql.one<{ id: number }>(
    `INSERT INTO users (name, email, password_hash, admin, realm, created_at, password_changed_at)
     VALUES (?, ?, 'x', 0, 'internal', ?, ?) RETURNING id`,
    [name, `${name}@platform.invalid`, T0, T0],
  )
  return row!.id
}

describe.each(engines)('identity stores on %s', (_name, open) => {
  it('permissions: targets with their principals by kind, a user’s groups in lower case', async () => {
    const sql = await migrated(open)
    const store = permissionStore(sql)
    const id = await addUser(sql, 'Reviewer')
    await sql.run(
      "INSERT INTO groups (name, description, auto_join, admin_privileges, created_at) VALUES ('QA', '', 0, 0, ?)",
      [T0],
    )
    await sql.run("INSERT INTO group_members (group_name, user_id) VALUES ('QA', ?), ('readers', ?)", [
      id,
      id,
    ])
    await sql.run(
      `INSERT INTO permissions (name, repositories, include_patterns, exclude_patterns, created_at)
       VALUES ('Builds', '["generic-local"]', '["out/**"]', '["out/tmp/**"]', ?)`,
      [T0],
    )
    await sql.run(
      `INSERT INTO permission_principals (permission_name, kind, principal, actions)
       VALUES ('Builds', 'group', 'QA', '["read","deploy"]'), ('Builds', 'user', 'Reviewer', '["read"]')`,
    )
    expect(await store.groupsOf(id)).toEqual(['qa', 'readers'])
    expect(await store.groupsOf(id + 1000)).toEqual([])
    const targets = await store.targets()
    expect(targets.map((t) => t.name)).toEqual(['Any Remote', 'Anything', 'Builds', 'Local deploy'])
    expect(targets.find((t) => t.name === 'Builds')).toEqual({
      name: 'Builds',
      repositories: ['generic-local'],
      includePatterns: ['out/**'],
      excludePatterns: ['out/tmp/**'],
      users: { Reviewer: ['read'] },
      groups: { qa: ['read', 'deploy'] },
    })
    expect(targets.find((t) => t.name === 'Anything')).toMatchObject({
      users: { anonymous: ['read'] },
      groups: { readers: ['read'] },
    })
  })

  it('education: videos played once each in the order played, feedback given once is remembered', async () => {
    const sql = await migrated(open)
    const clock = manualClock(Date.parse(T0))
    const store = educationStore(sql, clock)
    const id = await addUser(sql, 'learner')
    const other = await addUser(sql, 'other')
    expect(await store.progress(id)).toEqual({ played: [], feedbackGiven: false })
    await store.played(id, 'search')
    clock.advance(1000)
    await store.played(id, 'deploy')
    clock.advance(1000)
    // Again: the first play stands, its time too.
    await store.played(id, 'search')
    expect(await store.progress(id)).toEqual({ played: ['search', 'deploy'], feedbackGiven: false })
    await store.feedback(id, 'getting-started', true, 'clear')
    await store.feedback(id, 'getting-started', false, '')
    expect(await store.progress(id)).toEqual({ played: ['search', 'deploy'], feedbackGiven: true })
    expect(await store.progress(other)).toEqual({ played: [], feedbackGiven: false })
    expect(await sql.all('SELECT helpful, comment FROM education_feedback ORDER BY id')).toEqual([
      { helpful: 1, comment: 'clear' },
      { helpful: 0, comment: '' },
    ])
  })

  it('users: seeded once, created with auto-join groups, found by name or address ignoring case', async () => {
    const sql = await migrated(open)
    const clock = manualClock(Date.parse(T0))
    const config = configFromEnv({ ADMIN_PASSWORD: 'Admin-pass-1', USER_PASSWORD: 'User-pass-1' })
    expect(await seedAccounts({ sql, clock }, config)).toEqual(['admin', 'developer'])
    expect(await seedAccounts({ sql, clock }, config)).toEqual([])
    const made = await insertUser(
      { sql, clock },
      { name: 'Tess', email: 'Tess@Example.test', passwordHash: 'h', mfaRequired: true },
    )
    expect(made).toMatchObject({ name: 'Tess', admin: 0, mfa_required: 1, realm: 'internal', created_at: T0 })
    await expect(
      insertUser({ sql, clock }, { name: 'TESS', email: '', passwordHash: 'h' }),
    ).rejects.toMatchObject({ statusCode: 409 })
    await expect(
      insertUser({ sql, clock }, { name: 'Anonymous', email: '', passwordHash: 'h' }),
    ).rejects.toMatchObject({ statusCode: 409 })
    expect((await findUserByName(sql, 'tess'))?.id).toBe(made.id)
    expect((await findUserById(sql, made.id))?.name).toBe('Tess')
    expect((await findUserByNameOrEmail(sql, 'tess@example.TEST'))?.id).toBe(made.id)
    expect(await findUserByNameOrEmail(sql, 'nobody@example.test')).toBeUndefined()
    expect(await adminUsersStore(sql).groupsOf(made.id)).toEqual(['readers'])
    await sql.run(
      "INSERT INTO projects (key, name, created_at) VALUES ('web', 'Web', ?), ('ops', 'Ops', ?)",
      [T0, T0],
    )
    await sql.run(
      `INSERT INTO project_members (project_key, user_id, roles) VALUES
       ('web', ?, '["Project Admin"]'), ('ops', ?, '["Developer"]')`,
      [made.id, made.id],
    )
    expect(await administeredProjects(sql, made.id)).toEqual(['web'])
    expect(await userData({ config, sql }, made, 'ENROLL')).toMatchObject({
      name: 'Tess',
      mfaStatus: 'ENROLL',
      projectAdmin: true,
      firstLogin: true,
    })
  })

  it('mail tokens: usable once, of their kind, until they expire', async () => {
    const sql = await migrated(open)
    const clock = manualClock(Date.parse(T0))
    const user = await addUser(sql, 'forgetful')
    const store = { sql, clock }
    const reset = await issueMailToken(store, 'reset', { userId: user, email: 'f@example.test' })
    const invitation = await issueMailToken(store, 'invitation', { email: 'new@example.test' })
    expect(await findUsableToken(store, 'invitation', reset.token)).toBeUndefined()
    const found = await findUsableToken(store, 'reset', reset.token)
    expect(found).toMatchObject({ kind: 'reset', user_id: user, token_hash: hashToken(reset.token) })
    expect(await consumeToken(store, found!.token_hash)).toBe(true)
    expect(await consumeToken(store, found!.token_hash)).toBe(false)
    expect(await findUsableToken(store, 'reset', reset.token)).toBeUndefined()
    clock.advance(8 * 24 * 60 * 60 * 1000)
    expect(await findUsableToken(store, 'invitation', invitation.token)).toBeUndefined()
  })

  it('rate limits: parallel attempts never pass the limit, a refund gives one back, a new window resets', async () => {
    const sql = await migrated(open)
    const clock = manualClock(Date.parse(T0))
    const limiter = createRateLimiter({ sql, clock }, { max: 5, windowMs: 60_000 })
    const headers: Record<string, string> = {}
    const reply = {
      header(name: string, value: string) {
        headers[name] = value
        return this
      },
    } as unknown as FastifyReply
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, () => limiter.take('k', reply)))
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5)
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected')
    expect(refused).toHaveLength(7)
    expect(refused[0]!.reason).toMatchObject({ statusCode: 429 })
    expect(headers['Retry-After']).toBe('60')
    await limiter.refund('k')
    await limiter.take('k', reply)
    await expect(limiter.take('k', reply)).rejects.toMatchObject({ statusCode: 429 })
    // Another key has its own count.
    await limiter.take('other', reply)
    clock.advance(60_000)
    for (let i = 0; i < 5; i++) await limiter.take('k', reply)
    await expect(limiter.take('k', reply)).rejects.toMatchObject({ statusCode: 429 })
  })

  it('own calls: the API key kept as first issued, a CLI session approved and exchanged once', async () => {
    const sql = await migrated(open)
    const user = await addUser(sql, 'cli-user')
    const store = authStore(sql)
    expect(await store.apiKeyOf(user, 'AKC-first')).toBe('AKC-first')
    expect(await store.apiKeyOf(user, 'AKC-second')).toBe('AKC-first')
    const later = '2026-12-01T10:10:00.000Z'
    const session = { id: 'cli-session-1', clientName: 'jf', userId: user, codeHash: hashToken('code') }
    expect(await store.approveCliSession(session, T0, later)).toBe(true)
    expect(await store.approveCliSession(session, T0, later)).toBe(false)
    expect(await store.usableCliSession('cli-session-1', T0)).toEqual({
      user_id: user,
      client_name: 'jf',
      code_hash: hashToken('code'),
    })
    expect(await store.usableCliSession('cli-session-1', later)).toBeUndefined()
    const token = (id: string) => ({
      id,
      tokenHash: hashToken(id),
      userId: user,
      kind: 'identity' as const,
      createdAt: T0,
      expiresAt: later,
    })
    const grant = {
      description: 'jf login',
      expiresAt: later,
      scope: { repositories: null, access: 'deploy' },
    } as const
    const both = await Promise.all([
      store.exchangeCliSession('cli-session-1', { ...token('t1'), grant }),
      store.exchangeCliSession('cli-session-1', { ...token('t2'), grant }),
    ])
    expect(both.filter(Boolean)).toHaveLength(1)
    expect(await store.usableCliSession('cli-session-1', T0)).toBeUndefined()
    // A client token: the registry takes it, its owner lists and revokes it.
    expect(await sql.all("SELECT user_id, description FROM access_tokens WHERE kind = 'client'")).toEqual([
      { user_id: user, description: 'jf login' },
    ])
    await store.issueIdentityToken({ ...token('old'), expiresAt: T0 }, T0)
    await store.issueIdentityToken(token('new'), T0)
    expect(await sql.all("SELECT id FROM access_tokens WHERE kind = 'identity'")).toEqual([{ id: 'new' }])
  })

  it('single sign-on users: created in their realm with the asserted groups, never over a local one', async () => {
    const sql = await migrated(open)
    const clock = manualClock(Date.parse(T0))
    await sql.run(
      "INSERT INTO groups (name, description, auto_join, admin_privileges, created_at) VALUES ('Dev', '', 0, 0, ?)",
      [T0],
    )
    await addUser(sql, 'local')
    const identity = { realm: 'saml' as const, provider: 'idp', name: 'alice', email: 'a@example.test' }
    expect(await ssoUser({ sql, clock }, { ...identity, groups: undefined }, { autoCreate: false })).toBe(
      'no_account',
    )
    expect(
      await ssoUser({ sql, clock }, { ...identity, name: 'bad name', groups: [] }, { autoCreate: true }),
    ).toBe('bad_identity')
    expect(
      await ssoUser({ sql, clock }, { ...identity, name: 'LOCAL', groups: [] }, { autoCreate: true }),
    ).toBe('conflict')
    const alice = await ssoUser(
      { sql, clock },
      { ...identity, groups: ['dev', 'none'] },
      { autoCreate: true },
    )
    expect(alice).toMatchObject({ name: 'alice', realm: 'saml', sso_provider: 'idp', profile_updatable: 0 })
    const id = (alice as { id: number }).id
    expect(await adminUsersStore(sql).groupsOf(id)).toEqual(['Dev'])
    const again = await ssoUser({ sql, clock }, { ...identity, email: '', groups: [] }, { autoCreate: false })
    expect(again).toMatchObject({ id, email: 'a@example.test' })
    expect(await adminUsersStore(sql).groupsOf(id)).toEqual([])
  })

  it('sessions: found until they expire, a signed-in user only in full and enabled, pruned', async () => {
    const sql = await migrated(open)
    const sessions = sessionRecords(sql)
    const users = userRecords(sql)
    const id = await addUser(sql, 'holder')
    const later = '2026-12-01T11:00:00.000Z'
    const s = { userId: id, createdAt: T0, expiresAt: later, remember: false }
    await sessions.add({ ...s, idHash: 'full', stage: 'full' })
    await sessions.add({ ...s, idHash: 'pending', stage: 'mfa', remember: true })
    expect(await sessions.find('pending', T0)).toEqual({
      id_hash: 'pending',
      user_id: id,
      stage: 'mfa',
      remember: 1,
      expires_at: later,
      unlocked_until: null,
    })
    expect(await sessions.find('pending', later)).toBeUndefined()
    expect(await sessions.signedInUser('pending', T0)).toBeUndefined()
    expect(await sessions.signedInUser('full', T0)).toEqual({
      id,
      name: 'holder',
      admin: 0,
      realm: 'internal',
      id_hash: 'full',
      created_at: T0,
      sso_checked_at: null,
    })
    await sessions.complete('pending', '2026-12-02T10:00:00.000Z')
    expect(await sessions.signedInUser('pending', later)).toMatchObject({ id })
    await sql.run('UPDATE users SET disabled = 1 WHERE id = ?', [id])
    expect(await sessions.signedInUser('full', T0)).toBeUndefined()
    await sessions.prune(later)
    expect(await sql.all('SELECT id_hash FROM sessions')).toEqual([{ id_hash: 'pending' }])
    await users.setPassword(id, 'new-hash', later)
    expect(await sql.all('SELECT id_hash FROM sessions')).toEqual([])
    expect(await users.byId(id)).toMatchObject({ password_hash: 'new-hash', password_changed_at: later })
  })

  it('users: a time step of a code accepted once, a name added once when asked', async () => {
    const sql = await migrated(open)
    const users = userRecords(sql)
    const id = await addUser(sql, 'coder')
    await users.setMfaSecret(id, 'SECRET')
    expect(await users.acceptMfaStep(id, 7)).toBe(true)
    expect(await users.acceptMfaStep(id, 7)).toBe(false)
    expect(await users.byId(id)).toMatchObject({ mfa_secret: 'SECRET', mfa_enrolled: 1, mfa_last_counter: 7 })
    const added = {
      name: 'coder',
      email: 'c@example.test',
      passwordHash: 'h',
      admin: false,
      mfaRequired: true,
      passwordExpired: true,
      createdAt: T0,
    }
    expect(await users.add(added, { ifAbsent: true })).toBeUndefined()
    await expect(users.add(added)).rejects.toThrow()
    const other = await users.add({ ...added, name: 'second' })
    expect(await users.byId(other!)).toMatchObject({
      mfa_required: 1,
      password_expired: 1,
      realm: 'internal',
    })
    expect(await users.byEmail('C@EXAMPLE.TEST')).toMatchObject({ id: other })
  })

  it('admin users: flags and password changed at once, groups checked, credentials ended, deleted', async () => {
    const sql = await migrated(open)
    const store = adminUsersStore(sql)
    const admins = await store.adminCount()
    const id = await addUser(sql, 'subject')
    const other = await addUser(sql, 'other')
    await sql.run(
      "INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES ('s1', ?, ?, ?), ('s2', ?, ?, ?)",
      [id, T0, T0, other, T0, T0],
    )
    await store.change(id, {
      email: 's@example.test',
      admin: true,
      mfaRequired: true,
      resetMfa: true,
      password: { hash: 'new-hash', changedAt: T0 },
    })
    expect(await findUserById(sql, id)).toMatchObject({
      email: 's@example.test',
      admin: 1,
      mfa_required: 1,
      mfa_enrolled: 0,
      mfa_secret: null,
      password_hash: 'new-hash',
    })
    expect(await store.adminCount()).toBe(admins + 1)
    await store.setGroups(id, ['readers'])
    await expect(store.setGroups(id, ['readers', 'missing'])).rejects.toMatchObject({ statusCode: 400 })
    await store.endCredentials(id, other)
    expect(await sql.all('SELECT id_hash FROM sessions ORDER BY id_hash')).toEqual([{ id_hash: 's2' }])
    await store.delete({ id, name: 'subject' })
    expect(await findUserById(sql, id)).toBeUndefined()
    expect((await store.list()).map((u) => u.name)).toContain('other')
  })

  it('settings: documents over their defaults, replaced whole, the general configuration merged', async () => {
    const sql = await migrated(open)
    const clock = manualClock(Date.parse(T0))
    const config = configFromEnv({})
    expect(await readSetting(sql, 'missing', ['fallback'])).toEqual(['fallback'])
    await writeSetting({ sql, clock }, 'blocked', ['a'])
    await writeSetting({ sql, clock }, 'blocked', ['b', 'c'])
    expect(await readSetting(sql, 'blocked', [])).toEqual(['b', 'c'])
    expect(await sql.all("SELECT updated_at FROM settings WHERE key = 'blocked'")).toEqual([
      { updated_at: T0 },
    ])
    // A document stored before a field existed gets the field's default.
    await writeSetting({ sql, clock }, 'doc', { a: 2 })
    expect(await readSettingOver(sql, 'doc', { a: 1, b: 'new' })).toEqual({ a: 2, b: 'new' })
    await writeSetting({ sql, clock }, 'oidc', { enabled: true, clientId: 'console' })
    expect(await readOidcSettings(sql)).toEqual({
      ...DEFAULT_OIDC_SETTINGS,
      enabled: true,
      clientId: 'console',
    })
    const general = await readGeneralConfig(sql, config)
    expect(general.readOnlyMode).toBe(false)
    await writeGeneralConfig(
      { sql, clock },
      { ...general, readOnlyMode: true, baseUrl: 'https://r.example.test' },
    )
    expect(await readGeneralConfig(sql, config)).toMatchObject({
      readOnlyMode: true,
      baseUrl: 'https://r.example.test',
      loginDialog: general.loginDialog,
    })
    await writeSetting({ sql, clock }, 'securityGeneral', { passwordMinLength: 12 })
    expect(await passwordPolicyOf(sql)).toMatchObject({ minLength: 12 })
  })

  it('overview: deployments newest first, distinct stored contents counted once, a fingerprint that moves', async () => {
    const sql = await migrated(open)
    const clock = manualClock(Date.parse(T0))
    const store = overviewStore(sql)
    expect(await store.packagesByType()).toEqual([])
    expect(await store.vulnerabilities()).toEqual({
      critical: 0,
      high: 0,
      medium: 0,
      low: 0,
      info: 0,
      unknown: 0,
    })
    const empty = await store.storageFingerprint()
    const deploy = async (path: string, sha: string, size: number, at: string) => {
      await sql.run(
        `INSERT INTO blobs (sha256, sha1, md5, size, created) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        [sha.repeat(64), sha.repeat(40), sha.repeat(32), size, at],
      )
      await sql.run(
        `INSERT INTO artifacts (repo, path, sha256, size, mime_type, created, modified, deployed_by)
         VALUES ('generic-local', ?, ?, ?, 'application/octet-stream', ?, ?, 'admin')`,
        [path, sha.repeat(64), size, at, at],
      )
    }
    await deploy('a.bin', 'a', 100, '2026-12-01T10:00:00.000Z')
    await deploy('b.bin', 'b', 20, '2026-12-01T11:00:00.000Z')
    // The same bytes again: one more deployment, no more stored.
    await deploy('c.bin', 'a', 100, '2026-12-01T12:00:00.000Z')
    expect((await store.recentDeployments(2)).map((d) => d.path)).toEqual(['c.bin', 'b.bin'])
    expect((await store.recentDeployments(8))[0]).toEqual({
      repo: 'generic-local',
      path: 'c.bin',
      size: 100,
      deployedBy: 'admin',
      created: '2026-12-01T12:00:00.000Z',
    })
    expect(await store.storageTotals()).toEqual({ files: 2, bytes: 120 })
    expect(await store.storageFingerprint()).not.toBe(empty)
    // The cache: nothing until its first calculation ends, then the figures.
    const cache = storageCache(sql, clock)
    expect(await cache.read()).toBeUndefined()
    await cache.running
    expect(await cache.read()).toMatchObject({ artifactBytes: 120, blobCount: 2, calculatedAt: T0 })
  })

  it('single sign-on state: pending sign-ins, request ids and assertions each used once, logouts ended', async () => {
    const sql = await migrated(open)
    const store = ssoStore(sql)
    const later = '2026-12-01T10:10:00.000Z'
    const pending = {
      kind: 'oidc',
      state: 's',
      nonce: 'n',
      code_verifier: 'v',
      redirect_to: '/ui/',
      expires_at: later,
    }
    await store.addPending('b1', pending, T0)
    expect(await store.takePending('b1')).toEqual(pending)
    expect(await store.takePending('b1')).toBeUndefined()
    // An expired one is dropped when the next is added.
    await store.addPending('b2', { ...pending, expires_at: T0 }, T0)
    await store.addPending('b3', pending, later)
    expect(await store.takePending('b2')).toBeUndefined()
    await store.saveSamlRequest('req-1', 'created-1', T0, later)
    await store.saveSamlRequest('req-1', 'created-again', T0, later)
    expect(await store.samlRequestCreated('req-1', T0)).toBe('created-1')
    expect(await store.samlRequestCreated('req-1', later)).toBeUndefined()
    expect(await store.removeSamlRequest('req-1')).toBe('created-1')
    expect(await store.removeSamlRequest('req-1')).toBeUndefined()
    expect(await store.recordAssertion('a-1', later, T0)).toBe(true)
    expect(await store.recordAssertion('a-1', later, T0)).toBe(false)
    // Once expired, the id is forgotten.
    expect(await store.recordAssertion('a-1', later, later)).toBe(true)
    const user = await addUser(sql, 'saml-user')
    await sql.run(
      "INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES ('s-saml', ?, ?, ?)",
      [user, T0, later],
    )
    const ticket = { name_id: 'alice@idp', name_id_format: 'fmt', session_index: 'i1' }
    await store.rememberLogout('l1', user, ticket, T0, later)
    await store.rememberLogout('l2', user, ticket, T0, later)
    expect(await store.takeLogout('l1', T0)).toEqual(ticket)
    expect(await store.takeLogout('l1', T0)).toBeUndefined()
    await store.endSessionsOf('alice@idp')
    expect(await sql.all('SELECT id_hash FROM sessions WHERE user_id = ?', [user])).toEqual([])
    expect(await store.takeLogout('l2', T0)).toBeUndefined()
    await store.ensureGroups(['idp-a', 'readers'], 'claimed', T0)
    await store.ensureGroups(['idp-a'], 'claimed', T0)
    expect(await sql.all("SELECT name FROM groups WHERE name IN ('idp-a', 'readers') ORDER BY name")).toEqual(
      [{ name: 'idp-a' }, { name: 'readers' }],
    )
  })

  it('platform records: contacts, metrics kept to a bound, questionnaires, proxies seeded once, a licence', async () => {
    const sql = await migrated(open)
    const store = platformStore(sql)
    const user = await addUser(sql, 'asker')
    const contact = {
      user_id: user,
      first_name: 'Ada',
      last_name: 'L',
      country: 'UK',
      email: 'ada@example.test',
      help_option: 'Request a demo',
      optional_comment: '',
      lead_source: '',
      lead_source_details: '',
      form_type: '',
      marketo_data_key: '',
      created_at: T0,
    }
    const first = await store.addContact(contact)
    const second = await store.addContact({ ...contact, help_option: 'Other', user_id: null })
    expect(first).toMatchObject({ first_name: 'Ada', created_at: T0 })
    expect(second.id).toBeGreaterThan(first.id)
    expect(await store.demoRequestedAt(first.id)).toEqual({ created_at: T0 })
    expect(await store.demoRequestedAt(second.id)).toBeUndefined()
    expect((await store.contacts(1)).map((c) => c.id)).toEqual([second.id])
    for (let i = 0; i < 4; i++)
      await store.addMetrics(
        { node_id: 'node-1', frontend_version: `v${i}`, package_types: '[]', services: i, received_at: T0 },
        3,
      )
    expect((await store.metrics(10)).map((m) => m.frontend_version)).toEqual(['v3', 'v2', 'v1'])
    expect(await store.questionnaire(user)).toBeUndefined()
    await store.saveQuestionnaire(user, '{"a":1}', T0)
    await store.saveQuestionnaire(user, '{"a":2}', T0)
    expect(await store.questionnaire(user)).toEqual({ data: '{"a":2}', updated_at: T0 })
    expect(await store.personalizationSent(user)).toBe(false)
    await store.savePersonalization(
      user,
      { technologies: '[]', goal: 'g', artifactOnly: true, rtOnlyRemoved: false },
      T0,
    )
    await store.savePersonalization(
      user,
      { technologies: '["npm"]', goal: 'g', artifactOnly: false, rtOnlyRemoved: true },
      T0,
    )
    expect(await store.personalizationSent(user)).toBe(true)
    await store.sawGettingStarted(user)
    expect(await findUserById(sql, user)).toMatchObject({ has_seen_getting_started: 1 })
    const proxy = {
      key: 'direct',
      server_name: 'localhost',
      docker_reverse_proxy_method: 'REPOPATHPREFIX',
      reverse_proxy_repositories: '[]',
      use_https: 0,
      use_http: 1,
      https_port: 443,
      http_port: 8082,
    }
    await Promise.all([store.seedProxy(proxy), store.seedProxy({ ...proxy, key: 'other' })])
    expect(await store.proxies()).toHaveLength(1)
    await store.replaceProxies([
      { ...proxy, key: 'b' },
      { ...proxy, key: 'a', use_https: 1 },
    ])
    expect((await store.proxies()).map((p) => [p.key, p.use_https])).toEqual([
      ['a', 1],
      ['b', 0],
    ])
    await store.seedProxy(proxy)
    expect(await store.proxies()).toHaveLength(2)
    await store.registerLicense('node-1', 'Enterprise', T0, 'Acme')
    await store.registerLicense('node-1', 'Other', T0, 'Acme')
    expect(await sql.all('SELECT node_id, type FROM licenses')).toEqual([
      { node_id: 'node-1', type: 'Enterprise' },
    ])
  })

  it('proxies: keys found ignoring case, one default at most, the password kept when asked', async () => {
    const sql = await migrated(open)
    const store = proxiesStore(sql)
    const fields = {
      host: 'proxy.test',
      port: 3128,
      username: null,
      password: 'secret',
      non_proxy_hosts: null,
    }
    await store.add('Corp', fields)
    await store.add('lab', { ...fields, password: null })
    expect(await store.exists('CORP')).toBe(true)
    expect(await store.exists('none')).toBe(false)
    await expect(store.get('none')).rejects.toMatchObject({ statusCode: 404 })
    await store.setDefault('Corp', true)
    await store.setDefault('lab', true)
    expect((await store.list()).map((p) => [p.key, p.default_proxy])).toEqual([
      ['Corp', 0],
      ['lab', 1],
    ])
    await store.setDefault('lab', false)
    await store.update('Corp', { ...fields, port: 8080 })
    expect(await store.get('corp')).toMatchObject({
      key: 'Corp',
      port: 8080,
      password: 'secret',
      default_proxy: 0,
    })
    await store.delete('lab')
    expect((await store.list()).map((p) => p.key)).toEqual(['Corp'])
  })
})
