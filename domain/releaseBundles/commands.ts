// Commands of the releaseBundles area, named `releaseBundles/Imperative`.
export type ReleaseBundlesCommand = never
