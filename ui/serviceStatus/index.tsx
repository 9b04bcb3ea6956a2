// Entry of the service status area (the topology page): a lazily loaded chunk, mounted by ui/routes.tsx.
export default function ServiceStatusArea() {
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Topology</h1>
    </section>
  )
}
