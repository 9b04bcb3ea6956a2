/** Form rules of the admin pages (spec 000 section 5 messages); each returns field → message. */
export const MANDATORY = 'This field is mandatory'
export const NAME_RULE = 'Name can only contain alphanumeric characters, dashes and periods'
export const URL_RULE = 'Enter a valid URL'

export type Problems<F extends string> = Partial<Record<F, string>>

const NAME = /^[A-Za-z0-9_.-]+$/

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
