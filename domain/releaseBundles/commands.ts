// Commands of the releaseBundles area, named `releaseBundles/Imperative`.
export type ReleaseBundlesCommand =
  /** Find the release bundles that contain the artifact with this sha256 or sha1 checksum. */
  { readonly type: 'releaseBundles/LookUpChecksum'; readonly checksum: string }
