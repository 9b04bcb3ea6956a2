// Written by `npm run codecs` from ./commands.ts: do not edit (a unit test checks it is current).
import * as t from 'io-ts'
import type { CommandCodecs } from '../shared/area'
import type { ArtifactsCommand } from './commands'

/** The fields of each command of the area, decoded before it is decided (the type is checked by the bus). */
export const artifactsCommandCodecs: CommandCodecs<ArtifactsCommand> = {
  'artifacts/Delete': t.type({ repoKey: t.string, path: t.string }),
  'artifacts/DeleteImageManifest': t.type({ repoKey: t.string, path: t.string }),
  'artifacts/Deploy': t.type({
    repoKey: t.string,
    path: t.string,
    fileRef: t.string,
    fileName: t.string,
    size: t.number,
  }),
  'artifacts/DismissDeploy': t.UnknownRecord,
  'artifacts/LoadInfo': t.type({ repoKey: t.string, path: t.string }),
  'artifacts/LoadMore': t.type({ repoKey: t.string, path: t.string }),
  'artifacts/LoadRepositories': t.UnknownRecord,
  'artifacts/Open': t.type({ repoKey: t.string, path: t.string }),
  'artifacts/Refresh': t.type({ repoKey: t.string, path: t.string }),
  'artifacts/Select': t.type({ repoKey: t.string, path: t.string, folder: t.boolean }),
  'artifacts/Toggle': t.type({ repoKey: t.string, path: t.string }),
}
