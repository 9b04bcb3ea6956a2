/** Outbound HTTP proxies as stored, over the async interface. Keys compare ignoring case. */
import type { Sql } from '../db/sql'
import { notFound } from './common'

export interface ProxyRow {
  key: string
  host: string
  port: number
  username: string | null
  password: string | null
  non_proxy_hosts: string | null
  default_proxy: number
}

export type ProxyFields = Omit<ProxyRow, 'key' | 'default_proxy'>

export function proxiesStore(sql: Sql) {
  const find = (key: string) => sql.one<ProxyRow>('SELECT * FROM proxies WHERE lower(key) = lower(?)', [key])
  return {
    list: () => sql.all<ProxyRow>('SELECT * FROM proxies ORDER BY key'),
    /** Every stored proxy password, for a support bundle to cut wherever it appears. */
    passwords: async () =>
      (await sql.all<{ password: string }>('SELECT password FROM proxies WHERE password IS NOT NULL')).map(
        (r) => r.password,
      ),
    /** The proxy, or 404. */
    async get(key: string): Promise<ProxyRow> {
      return (await find(key)) ?? notFound(`Proxy ${key}`)
    },
    exists: async (key: string) => (await find(key)) !== undefined,
    async add(key: string, fields: ProxyFields): Promise<void> {
      await sql.run(
        'INSERT INTO proxies (key, host, port, username, password, non_proxy_hosts, default_proxy) VALUES (?, ?, ?, ?, ?, ?, 0)',
        [key, fields.host, fields.port, fields.username, fields.password, fields.non_proxy_hosts],
      )
    },
    async update(key: string, fields: ProxyFields): Promise<void> {
      await sql.run(
        'UPDATE proxies SET host = ?, port = ?, username = ?, password = ?, non_proxy_hosts = ? WHERE key = ?',
        [fields.host, fields.port, fields.username, fields.password, fields.non_proxy_hosts, key],
      )
    },
    /** At most one default: this one, or (false) none of them is this one. */
    async setDefault(key: string, on: boolean): Promise<void> {
      if (on) await sql.run('UPDATE proxies SET default_proxy = CASE WHEN key = ? THEN 1 ELSE 0 END', [key])
      else await sql.run('UPDATE proxies SET default_proxy = 0 WHERE key = ?', [key])
    },
    async delete(key: string): Promise<void> {
      await sql.run('DELETE FROM proxies WHERE key = ?', [key])
    },
  }
}
