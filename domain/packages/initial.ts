/** The packages area's initial state (the browser loads the area's code later; see commands/browserApp.ts). */
import type {
  DetailsState,
  ListState,
  PackagesState,
  PackageQuery,
  Panel,
  VersionPanels,
  VersionState,
} from './types'

/** The search of the packages list before any filter (search effects start from it too). */
export const defaultPackageQuery: PackageQuery = {
  name: null,
  description: null,
  packageTypes: [],
  repositories: [],
  licenses: [],
  severities: [],
  createdMin: null,
  createdMax: null,
  modifiedMin: null,
  modifiedMax: null,
  releaseOnly: false,
  sort: { field: 'NAME', direction: 'ASC' },
}

export const initialListState: ListState = { status: 'idle' }

export const initialDetailsState: DetailsState = { status: 'idle', tab: null }

const emptyPanel = <A>(value: A): Panel<A> => ({ status: 'idle', value })

export const initialVersionPanels: VersionPanels = {
  tab: null,
  readme: emptyPanel(null),
  builds: emptyPanel([]),
  dockerLayers: emptyPanel([]),
  dependencies: emptyPanel([]),
  properties: emptyPanel([]),
  download: { file: null, message: null },
}

export const initialVersionState: VersionState = { status: 'idle', ...initialVersionPanels }

export const initialPackagesState: PackagesState = {
  pageLoading: false,
  packageCount: null,
  list: initialListState,
  details: initialDetailsState,
  version: initialVersionState,
  landing: { status: 'idle' },
}
