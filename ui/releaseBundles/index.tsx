// Entry of the releaseBundles area's screens: a lazily loaded chunk, mounted by ui/routes.tsx.
// Placeholder until the area is built.
export default function ReleaseBundlesArea() {
  return <h1>releaseBundles</h1>
}
