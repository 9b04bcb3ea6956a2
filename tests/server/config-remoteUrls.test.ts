/**
 * The upstream addresses the platform is started with (NPM_REMOTE_URL and its kin) meet the rule
 * a remote saved in the console meets: no link-local or cloud metadata address, refused at start
 * with the rule's own words, not stored to be refused at every fetch.
 */
import { describe, expect, it } from 'vitest'
import { configFromEnv } from '../../server/config'
import { REFUSED_HOST_MESSAGE } from '../../domain/shared/refusedHost'

describe('remote upstreams given at start', () => {
  it.each(['NPM_REMOTE_URL', 'GENERIC_REMOTE_URL', 'DOCKER_REMOTE_URL'])(
    '%s: a link-local or metadata address is refused, naming the variable and the rule',
    (name) => {
      for (const url of [
        'http://169.254.169.254/',
        'http://[fe80::1]:8080/',
        'http://2852039166/',
        'http://metadata.google.internal/',
      ])
        expect(() => configFromEnv({ [name]: url }), url).toThrow(`${name}: ${REFUSED_HOST_MESSAGE}`)
    },
  )

  it('takes an ordinary address and offline', () => {
    expect(configFromEnv({ NPM_REMOTE_URL: 'http://127.0.0.1:4873/' }).npmRemoteUrl).toBe(
      'http://127.0.0.1:4873/',
    )
    expect(configFromEnv({ NPM_REMOTE_URL: 'https://registry.npmjs.org' }).npmRemoteUrl).toBe(
      'https://registry.npmjs.org',
    )
    expect(configFromEnv({ NPM_REMOTE_URL: 'offline' }).npmRemoteUrl).toBe('offline')
  })
})
