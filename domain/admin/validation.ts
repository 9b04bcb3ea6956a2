/**
 * Form rules of the admin pages (spec 000 section 5); each returns field → message key with its
 * data (AdminMessage), which the admin pages word (ui/admin/messages.ts).
 */
import * as t from 'io-ts'
import { isLeft, isRight, left, right, type Either } from 'fp-ts/Either'
import { PERMISSION_ACTIONS, type GeneralConfig, type PermissionAction } from './types'
import { GeneralConfigC } from './events'
import {
  invalidEmail,
  invalidName,
  invalidUrl,
  isEmailAddress,
  mandatory as MANDATORY,
  NAME_PATTERN as NAME,
} from '../shared/forms'
import { validateProjectKey } from '../shared/projectKey'
import type { AdminMessage } from './messages'

export { MANDATORY }

export type Problems<F extends string> = Partial<Record<F, AdminMessage>>

function validUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

type GeneralField = 'serverName' | 'baseUrl' | 'logoUrl' | 'accountPortalUrl'

export function validateGeneralConfig(v: {
  serverName: string
  baseUrl: string
  logoUrl?: string
  accountPortalUrl?: string
}): Problems<GeneralField> {
  const p: Problems<GeneralField> = {}
  if (v.serverName.trim() === '') p.serverName = MANDATORY
  else if (v.serverName.length > 100) p.serverName = { key: 'serverNameTooLong', max: 100 }
  // Addresses are optional; one that is given must be http(s).
  for (const field of ['baseUrl', 'logoUrl', 'accountPortalUrl'] as const) {
    const value = (v[field] ?? '').trim()
    if (value !== '' && !validUrl(value)) p[field] = invalidUrl
  }
  return p
}

export function validateProxy(v: {
  key: string
  host: string
  port: string
}): Problems<'key' | 'host' | 'port'> {
  const p: Problems<'key' | 'host' | 'port'> = {}
  if (v.key.trim() === '') p.key = MANDATORY
  else if (!NAME.test(v.key) || v.key.length > 64) p.key = invalidName
  if (v.host.trim() === '') p.host = MANDATORY
  else if (!/^[A-Za-z0-9.:[\]-]+$/.test(v.host) || v.host.length > 253) p.host = { key: 'invalidHost' }
  const port = Number(v.port)
  if (v.port.trim() === '') p.port = MANDATORY
  else if (!Number.isInteger(port) || port < 1 || port > 65535)
    p.port = { key: 'portRange', min: 1, max: 65535 }
  return p
}

export function validateProject(v: { key: string; name: string }): Problems<'key' | 'name'> {
  const p: Problems<'key' | 'name'> = {}
  const key = validateProjectKey(v.key)
  if (isLeft(key)) p.key = key.left
  if (v.name.trim() === '') p.name = MANDATORY
  return p
}

/** A member to add to a project: named, and not one already. */
export function memberProblems(
  name: string,
  members: ReadonlyArray<{ readonly name: string }>,
): Problems<'name'> {
  const typed = name.trim()
  if (typed === '') return { name: MANDATORY }
  return members.some((m) => m.name.toLowerCase() === typed.toLowerCase())
    ? { name: { key: 'alreadyMember', name: typed } }
    : {}
}

// ------------------------------------------------------------- users, groups, permissions

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 256

function nameProblem(name: string): AdminMessage | undefined {
  if (name.trim() === '') return MANDATORY
  if (!NAME.test(name)) return invalidName
  if (name.length > 64) return { key: 'nameTooLong', max: 64 }
  return undefined
}

export function emailProblem(email: string): AdminMessage | undefined {
  if (email.trim() === '') return MANDATORY
  return isEmailAddress(email) && email.length <= 254 ? undefined : invalidEmail
}

/** An empty password is a problem only where one is required (a new user). */
export function passwordProblem(password: string, required: boolean): AdminMessage | undefined {
  if (password === '') return required ? MANDATORY : undefined
  if (password.length < PASSWORD_MIN) return { key: 'passwordTooShort', min: PASSWORD_MIN }
  if (password.length > PASSWORD_MAX) return { key: 'passwordTooLong', max: PASSWORD_MAX }
  return undefined
}

const only = <F extends string>(entries: ReadonlyArray<[F, AdminMessage | undefined]>): Problems<F> => {
  const p: Problems<F> = {}
  for (const [field, problem] of entries) if (problem !== undefined) p[field] = problem
  return p
}

/** `password` undefined: not checked (the decider sees only a vault reference). */
export function validateUser(v: {
  name: string
  email: string
  password: string | undefined
  create: boolean
}): Problems<'name' | 'email' | 'password'> {
  return only<'name' | 'email' | 'password'>([
    ['name', v.create ? nameProblem(v.name) : undefined],
    ['email', emailProblem(v.email)],
    ['password', v.password === undefined ? undefined : passwordProblem(v.password, v.create)],
  ])
}

export function validateInvitation(v: { email: string }): Problems<'email'> {
  return only<'email'>([['email', emailProblem(v.email)]])
}

export function validateGroup(v: { name: string; description: string }): Problems<'name' | 'description'> {
  return only<'name' | 'description'>([
    ['name', nameProblem(v.name)],
    ['description', v.description.length > 1000 ? { key: 'descriptionTooLong', max: 1000 } : undefined],
  ])
}

/** One entry a line (or comma), blanks dropped, duplicates kept once, in the order typed. */
export function splitList(text: string): string[] {
  const seen = new Set<string>()
  for (const part of text.split(/[\n,]/)) {
    const item = part.trim()
    if (item !== '') seen.add(item)
  }
  return [...seen]
}

export interface PermissionDraft {
  readonly name: string
  readonly repositories: ReadonlyArray<string>
  readonly includePatterns: ReadonlyArray<string>
  readonly excludePatterns: ReadonlyArray<string>
  readonly users: Readonly<Record<string, ReadonlyArray<string>>>
  readonly groups: Readonly<Record<string, ReadonlyArray<string>>>
}

function listProblem(
  items: ReadonlyArray<string>,
  max: number,
  longest: number,
  what: 'repositories' | 'patterns',
): AdminMessage | undefined {
  if (items.length > max) return { key: 'tooManyEntries', max, what }
  const long = items.find((i) => i.length > longest)
  return long === undefined ? undefined : { key: 'entryTooLong', max: longest }
}

const PERMISSION_ACTION_SET: ReadonlySet<PermissionAction> = new Set(PERMISSION_ACTIONS)

function grantsProblem(
  grants: Readonly<Record<string, ReadonlyArray<string>>>,
  principal: 'user' | 'group',
): AdminMessage | undefined {
  for (const [name, actions] of Object.entries(grants)) {
    if (actions.length === 0) return { key: 'chooseAction', principal, name }
    const unknown = actions.find((a) => !(PERMISSION_ACTION_SET as ReadonlySet<string>).has(a))
    if (unknown !== undefined) return { key: 'unknownAction', action: unknown }
  }
  return undefined
}

export function validatePermission(
  v: PermissionDraft,
): Problems<'name' | 'repositories' | 'includePatterns' | 'excludePatterns' | 'principals'> {
  return only<'name' | 'repositories' | 'includePatterns' | 'excludePatterns' | 'principals'>([
    ['name', nameProblem(v.name)],
    ['repositories', listProblem(v.repositories, 500, 128, 'repositories')],
    ['includePatterns', listProblem(v.includePatterns, 100, 256, 'patterns')],
    ['excludePatterns', listProblem(v.excludePatterns, 100, 256, 'patterns')],
    ['principals', grantsProblem(v.users, 'user') ?? grantsProblem(v.groups, 'group')],
  ])
}

/** Users whose name or email contains the text (literal, case-insensitive). */
export function filterUsers<U extends { readonly name: string; readonly email: string }>(
  users: ReadonlyArray<U>,
  text: string,
): ReadonlyArray<U> {
  const q = text.trim().toLowerCase()
  if (q === '') return users
  return users.filter((u) => u.name.toLowerCase().includes(q) || u.email.toLowerCase().includes(q))
}

/** A general-configuration file that is not JSON, or not the configuration's shape. */
const NOT_A_CONFIG: AdminMessage = { key: 'notAGeneralConfig' }

// Only the fields the form saves: what else an exported GET answer held is dropped.
const GeneralConfigImportC = t.exact(GeneralConfigC)

/**
 * The text of an imported general-configuration file (already checked by validateJsonFile
 * before it was read), parsed, decoded with the general-configuration codec and checked by the
 * form's rules.
 */
export function decodeGeneralConfigImport(text: string): Either<AdminMessage, GeneralConfig> {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return left(NOT_A_CONFIG)
  }
  const decoded = GeneralConfigImportC.decode(parsed)
  if (!isRight(decoded)) return left(NOT_A_CONFIG)
  // The form's own rules hold for an imported configuration too.
  const problem = Object.values(validateGeneralConfig(decoded.right))[0]
  return problem === undefined ? right(decoded.right) : left(problem)
}
