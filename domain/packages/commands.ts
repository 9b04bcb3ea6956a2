// Commands of the packages area, named `packages/Imperative`.
export type PackagesCommand = never
