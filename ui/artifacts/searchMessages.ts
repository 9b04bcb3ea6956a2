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
      return 'Search for a file by name'
    case 'artifactSearchPatternHint':
      return 'A part of a name finds every file whose name holds it; * matches any run of characters, ? any one.'
    case 'artifactSearchFailed':
      return `The search could not be run: ${message.detail}.`
    case 'artifactSearchBrowseTree':
      return 'Browse the tree'
    case 'artifactSearchInvite':
      return message.archiveEnabled
        ? 'Type a file name in the search bar: Quick finds stored files, Archive the files inside archives (jar, zip, tar.gz, npm tarballs).'
        : 'Type a file name in the search bar to find stored files.'
    case 'artifactSearchNone':
      return `No files${within(message.kind)} named like “${message.name}”.`
    case 'artifactSearchCount':
      return `${message.more ? 'The first ' : ''}${counted(message.count, FILES)}${within(message.kind)}`
    case 'artifactSearchTruncated':
      return `More files match than the ${message.shown} shown: narrow the name or the repositories to see the rest.`
    case 'artifactSearchFiltersUnused':
      return `The ${message.filters.join(' and ')} ${message.filters.length > 1 ? 'filters do' : 'filter does'} not narrow artifact searches: only the name and repositories do.`
  }
}
