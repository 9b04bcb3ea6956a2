// The git integration screens (admins, with repository scanning): the vendor table with its
// modal, and select-repos. A chunk of its own, loaded by the area's entry when one is opened, so
// the catalogue that every user sees does not carry the table, the form and the dialogs.
import { SelectRepos } from './SelectRepos'
import { VendorList } from './VendorList'

export type GitScreen =
  | { readonly screen: 'vendorList'; readonly vendorName: string }
  | { readonly screen: 'selectRepos'; readonly integrationKey: string; readonly vcsType: string }

export default function GitScreens(props: GitScreen) {
  return props.screen === 'vendorList' ? (
    <VendorList vendorName={props.vendorName} />
  ) : (
    <SelectRepos integrationKey={props.integrationKey} vcsType={props.vcsType} />
  )
}
