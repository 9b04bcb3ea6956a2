// Commands of the search area, named `search/Imperative`.
export type SearchCommand = never
