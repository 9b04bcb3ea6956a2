// Entry of the session area's screens: a lazily loaded chunk, mounted by ui/routes.tsx.
// Placeholder until the area is built.
export default function SessionArea() {
  return <h1>session</h1>
}
