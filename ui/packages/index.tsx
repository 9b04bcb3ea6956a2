// Entry of the packages area's screens: a lazily loaded chunk, mounted by ui/routes.tsx.
// Placeholder until the area is built.
export default function PackagesArea() {
  return <h1>packages</h1>
}
