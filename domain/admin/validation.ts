/** Form rules of the admin pages (spec 000 section 5 messages); each returns field → message. */
import {
  isEmailAddress,
  NAME_PATTERN as NAME,
  MANDATORY_MESSAGE as MANDATORY,
  NAME_MESSAGE as NAME_RULE,
  URL_MESSAGE as URL_RULE,
} from '../shared/forms'
import * as t from 'io-ts'
import { isRight, left, right, type Either } from 'fp-ts/Either'
import { PERMISSION_ACTIONS, type GeneralConfig, type PermissionAction } from './types'
import { GeneralConfigC } from './events'

export { MANDATORY, NAME_RULE, URL_RULE }

export type Problems<F extends string> = Partial<Record<F, string>>

function validUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

export function validateGeneralConfig(v: {
  serverName: string
  baseUrl: string
}): Problems<'serverName' | 'baseUrl'> {
  const p: Problems<'serverName' | 'baseUrl'> = {}
  if (v.serverName.trim() === '') p.serverName = MANDATORY
  else if (v.serverName.length > 100) p.serverName = 'Server name must be at most 100 characters'
  if (v.baseUrl.trim() !== '' && !validUrl(v.baseUrl.trim())) p.baseUrl = URL_RULE
  return p
}

export function validateProxy(v: {
  key: string
  host: string
  port: string
}): Problems<'key' | 'host' | 'port'> {
  const p: Problems<'key' | 'host' | 'port'> = {}
  if (v.key.trim() === '') p.key = MANDATORY
  else if (!NAME.test(v.key) || v.key.length > 64) p.key = NAME_RULE
  if (v.host.trim() === '') p.host = MANDATORY
  else if (!/^[A-Za-z0-9.:[\]-]+$/.test(v.host) || v.host.length > 253) p.host = 'Enter a valid host name'
  const port = Number(v.port)
  if (v.port.trim() === '') p.port = MANDATORY
  else if (!Number.isInteger(port) || port < 1 || port > 65535)
    p.port = 'Port must be a number from 1 to 65535'
  return p
}

export function validateProject(v: { key: string; name: string }): Problems<'key' | 'name'> {
  const p: Problems<'key' | 'name'> = {}
  if (v.key === '') p.key = MANDATORY
  else if (v.key.length > 128) p.key = 'Project key must be at most 128 characters'
  else if (!/^[a-z]/.test(v.key)) p.key = 'Project key must start with a lowercase character'
  if (v.name.trim() === '') p.name = MANDATORY
  return p
}

// ------------------------------------------------------------- users, groups, permissions

export const EMAIL_RULE = 'Enter a valid e-mail address'
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 256

function nameProblem(name: string): string | undefined {
  if (name.trim() === '') return MANDATORY
  if (!NAME.test(name)) return NAME_RULE
  if (name.length > 64) return 'Name must be at most 64 characters'
  return undefined
}

export function emailProblem(email: string): string | undefined {
  if (email.trim() === '') return MANDATORY
  return isEmailAddress(email) && email.length <= 254 ? undefined : EMAIL_RULE
}

/** An empty password is a problem only where one is required (a new user). */
export function passwordProblem(password: string, required: boolean): string | undefined {
  if (password === '') return required ? MANDATORY : undefined
  if (password.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters`
  if (password.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters`
  return undefined
}

const only = <F extends string>(entries: ReadonlyArray<[F, string | undefined]>): Problems<F> => {
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
    ['description', v.description.length > 1000 ? 'Description must be at most 1000 characters' : undefined],
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

function listProblem(items: ReadonlyArray<string>, max: number, longest: number, what: string) {
  if (items.length > max) return `At most ${max} ${what}`
  const long = items.find((i) => i.length > longest)
  return long === undefined ? undefined : `Each entry must be at most ${longest} characters`
}

const PERMISSION_ACTION_SET: ReadonlySet<PermissionAction> = new Set(PERMISSION_ACTIONS)

function grantsProblem(grants: Readonly<Record<string, ReadonlyArray<string>>>, kind: string) {
  for (const [name, actions] of Object.entries(grants)) {
    if (actions.length === 0) return `Choose at least one action for ${kind} ${name}`
    const unknown = actions.find((a) => !(PERMISSION_ACTION_SET as ReadonlySet<string>).has(a))
    if (unknown !== undefined) return `Unknown action ${unknown}`
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

/** Users whose name or e-mail contains the text (literal, case-insensitive). */
export function filterUsers<U extends { readonly name: string; readonly email: string }>(
  users: ReadonlyArray<U>,
  text: string,
): ReadonlyArray<U> {
  const q = text.trim().toLowerCase()
  if (q === '') return users
  return users.filter((u) => u.name.toLowerCase().includes(q) || u.email.toLowerCase().includes(q))
}

/** A general-configuration file that is not JSON, or not the configuration's shape. */
export const CONFIG_IMPORT_MESSAGE = 'The file does not hold a general configuration'

// Only the fields the form saves: what else an exported GET answer held is dropped.
const GeneralConfigImportC = t.exact(GeneralConfigC)

/**
 * The text of an imported general-configuration file (already checked by validateJsonFile
 * before it was read), parsed, decoded with the general-configuration codec and checked by the
 * form's rules.
 */
export function decodeGeneralConfigImport(text: string): Either<string, GeneralConfig> {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return left(CONFIG_IMPORT_MESSAGE)
  }
  const decoded = GeneralConfigImportC.decode(parsed)
  if (!isRight(decoded)) return left(CONFIG_IMPORT_MESSAGE)
  // The form's own rules hold for an imported configuration too.
  const problem = Object.values(validateGeneralConfig(decoded.right))[0]
  return problem === undefined ? right(decoded.right) : left(problem)
}
