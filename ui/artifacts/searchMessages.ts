/**
 * The artifact search's part of the message catalogue: the results page's keys
 * (domain/search/artifactSearch.ts) worded here, in the artifacts chunk that shows them.
 */
import type { ArtifactSearchMessage } from '../../domain/search/artifactSearch'
import type { ArtifactsSearchType } from '../../domain/search/model'
import { counted } from '../../domain/shared/plural'

const FILES = { one: 'file', other: 'files' }

/** Where each search looks, for the sentences that name it. */
const within = (kind: ArtifactsSearchType) => (kind === 'Archive' ? ' inside archives' : '')

export function searchText(message: ArtifactSearchMessage): string {
  switch (message.key) {
    case 'artifactSearchTitle':
      return message.kind === 'Archive' ? 'Files inside archives' : 'Files'
    case 'artifactSearchInviteTitle':
      return 'Search for a file by name, path or checksum'
    case 'artifactSearchPatternHint':
      return 'A part of a name or path finds every file whose name or path holds it; * matches any run of characters, ? any one. checksum: takes an md5, sha1 or sha256.'
    case 'artifactSearchFailed':
      return `The search could not be run: ${message.detail}.`
    case 'artifactSearchBrowseTree':
      return 'Browse the tree'
    case 'artifactSearchInvite':
      return message.archiveEnabled
        ? 'Type a file name in the search bar, or path: and checksum: words: Quick finds stored files, Archive the files inside archives (jar, zip, tar.gz, npm tarballs).'
        : 'Type a file name in the search bar, or path: and checksum: words, to find stored files.'
    case 'artifactSearchNone': {
      const { kind, name, path, checksum } = message
      // The Archive search's checksum names the archive, the Quick search's the file.
      const head =
        kind === 'Archive' && checksum !== undefined
          ? `No files inside the archive with the checksum ${checksum}`
          : `No files${within(kind)}`
      const asked = [
        ...(name !== '' ? [`named like “${name}”`] : []),
        ...(path !== undefined ? [`at a path like “${path}”`] : []),
        ...(kind === 'Quick' && checksum !== undefined ? [`with the checksum ${checksum}`] : []),
      ]
      return `${[head, asked.join(', ')].filter((t) => t !== '').join(' ')}.`
    }
    case 'artifactSearchCount':
      return `${message.more ? 'The first ' : ''}${counted(message.count, FILES)}${within(message.kind)}`
    case 'artifactSearchTruncated':
      return `More files match than the ${message.shown} shown: narrow the name or the repositories to see the rest.`
  }
}
