// The universal search bar, shown in the top bar by the layout. Placeholder until the
// search area is built.
export function SearchBar() {
  return null
}
