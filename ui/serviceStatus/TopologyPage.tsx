// The topology page (the admin landing) and the service status list.
import { useEffect } from 'react'
import { failureMessage } from '../../domain/shared/failure'
import type { TopologyNode } from '../../domain/serviceStatus'
import { useDispatch, useQuery } from '../shared/appContext'
import { humaniseUptime } from '../../domain/serviceStatus/rules'
import styles from './topology.module.css'

function groupByService(nodes: ReadonlyArray<TopologyNode>): ReadonlyArray<[string, TopologyNode[]]> {
  const groups = new Map<string, TopologyNode[]>()
  for (const node of nodes) groups.set(node.serviceType, [...(groups.get(node.serviceType) ?? []), node])
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b))
}

function NodesTable({ service, nodes }: { service: string; nodes: ReadonlyArray<TopologyNode> }) {
  return (
    <section className={styles.service} aria-labelledby={`service-${service}`}>
      <h2 id={`service-${service}`}>{service}</h2>
      <table className={styles.table}>
        <caption className={styles.hidden}>Nodes of {service}</caption>
        <thead>
          <tr>
            <th scope="col">Node</th>
            <th scope="col">Service ID</th>
            <th scope="col">Status</th>
            <th scope="col">State</th>
            <th scope="col">Uptime</th>
            <th scope="col">Microservices</th>
          </tr>
        </thead>
        <tbody>
          {nodes.map((node) => (
            <tr key={`${node.serviceId}/${node.nodeId}`}>
              <th scope="row">{node.nodeId}</th>
              <td>{node.serviceId}</td>
              <td>
                <span className={node.status === 'Online' ? styles.online : styles.offline}>
                  {node.status}
                </span>
              </td>
              <td>{node.state}</td>
              <td>{humaniseUptime(node.lastHeartbeat, node.uptime)}</td>
              <td>{node.microServices.length > 0 ? node.microServices.join(', ') : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

export default function TopologyPage() {
  const topology = useQuery({ type: 'serviceStatus/Topology' })
  const dispatch = useDispatch()
  useEffect(() => {
    dispatch({ type: 'serviceStatus/LoadTopology' })
  }, [dispatch])
  const nodes = topology.status === 'idle' ? [] : topology.nodes
  return (
    <section aria-labelledby="page-title">
      <div className={styles.header}>
        <h1 id="page-title">Topology</h1>
        <button
          type="button"
          onClick={() => dispatch({ type: 'serviceStatus/LoadTopology' })}
          disabled={topology.status === 'loading'}
        >
          Refresh
        </button>
      </div>
      {(topology.status === 'idle' || topology.status === 'loading') && nodes.length === 0 && (
        <p role="status">Loading services…</p>
      )}
      {topology.status === 'failed' && (
        <div role="alert">
          <p>
            The services could not be loaded:{' '}
            {failureMessage(topology.failure, 'the platform did not answer')}.
          </p>
          <button type="button" onClick={() => dispatch({ type: 'serviceStatus/LoadTopology' })}>
            Try again
          </button>
        </div>
      )}
      {topology.status === 'loaded' && nodes.length === 0 && (
        <p>No services have reported to the platform yet.</p>
      )}
      {groupByService(nodes).map(([service, group]) => (
        <NodesTable key={service} service={service} nodes={group} />
      ))}
    </section>
  )
}
