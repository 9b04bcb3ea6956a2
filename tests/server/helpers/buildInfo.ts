/** Build-info as a CI uploads it, for the scanning tests that fail builds. */
import { browserHeaders, type TestServer } from '../../support/server'
import type { BuildInfoDocument } from '../../../server/builds/store'

/** `PUT /artifactory/api/build`: run 1 of `name` (started 2026-06-01) with `modules`, as the signed-in `cookie`. */
export const putBuildInfo = (
  server: TestServer,
  cookie: string,
  name: string,
  modules: NonNullable<BuildInfoDocument['modules']>,
): Promise<Response> =>
  fetch(`${server.url}/artifactory/api/build`, {
    method: 'PUT',
    headers: browserHeaders(server.url, cookie),
    body: JSON.stringify({ name, number: '1', started: '2026-06-01T00:00:00.000Z', modules }),
  })
