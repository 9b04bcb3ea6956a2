/**
 * The repositories pages' part of the message catalogue: the form's problems
 * (RepositoryMessage) in the words the platform's answers use too (domain/repositories/words.ts),
 * what Test connection found, and a remote upstream's state.
 */
import type { ConnectionResult, RemoteListHealth } from '../../domain/repositories'

export { repositoryProblemText } from '../../domain/repositories/words'

export function connectionText(result: ConnectionResult, status: number | undefined): string {
  const http = status === undefined ? '' : ` (HTTP ${status})`
  switch (result) {
    case 'reachable':
      return `Reachable: the upstream answered${http}`
    case 'refusedCredentials':
      return `The upstream refused the credentials${http}`
    case 'timeout':
      return 'No answer within the time-outs'
    case 'tls':
      return 'The TLS connection failed: an untrusted certificate, or no HTTPS at this address'
    case 'unreachable':
      return 'Unreachable: nothing answers at this address'
    case 'notARegistry':
      return `Something answered, but not a registry of this type${http}`
  }
}

export function healthText(health: RemoteListHealth): string {
  switch (health) {
    case 'online':
      return 'Online'
    case 'offline':
      return 'Offline'
    case 'failing':
      return 'Unreachable'
    case 'notAsked':
    case 'sampleCatalogue':
      return 'Not contacted yet'
  }
}

/** Under the state of a remote that holds packages its upstream never gave: where they came from. */
export const SAMPLE_CATALOGUE_TEXT = 'Sample catalogue'
