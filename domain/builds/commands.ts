// Commands of the builds area, named `builds/Imperative`.
export type BuildsCommand =
  | { readonly type: 'builds/LoadList' }
  | { readonly type: 'builds/OpenBuild'; readonly name: string; readonly number: string }
