// The topology page (the admin landing) and the service status list.
import { whatHappened } from '../shared/failureText'
import { useEffect, useId } from 'react'
import type { TopologyNode } from '../../domain/serviceStatus'
import { useDispatch, useQuery } from '../shared/appContext'
import { humaniseUptime } from '../../domain/serviceStatus/rules'
import { Clock, Network, RefreshCw, Server } from 'lucide-react'
import { Button } from '../shared/kit/Button'
import { Badge, EmptyState, PageHeader, Skeleton } from '../shared/kit/Surface'
import { NodeStateBadge } from './NodeStateBadge'
import { NodeStatusBadge } from '../shared/kit/NodeStatusBadge'
import kit from '../shared/kit/page.module.css'
import styles from './topology.module.css'
import facts from './nodeFacts.module.css'
import { ServiceId } from './ServiceId'
import { LoadFailure } from '../shared/kit/LoadFailure'

function groupByService(nodes: ReadonlyArray<TopologyNode>): ReadonlyArray<[string, TopologyNode[]]> {
  const groups = new Map<string, TopologyNode[]>()
  for (const node of nodes) groups.set(node.serviceType, [...(groups.get(node.serviceType) ?? []), node])
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b))
}

/** A node as a card: health colour and word, state, uptime, service id and microservices. */
function NodeCard({ node }: { node: TopologyNode }) {
  const online = node.status === 'Online'
  const id = `node-${node.serviceId}-${node.nodeId}`
  return (
    <li className={styles.node} data-health={online ? 'online' : 'offline'}>
      <article aria-labelledby={id}>
        <header className={styles.nodeHeader}>
          <span className={styles.nodeIcon} aria-hidden="true">
            <Server size={18} />
          </span>
          <h3 id={id} className={styles.nodeName}>
            {node.nodeId}
          </h3>
          <NodeStatusBadge status={node.status} />
        </header>
        <dl className={styles.facts}>
          <div>
            <dt>State</dt>
            <dd>
              <NodeStateBadge state={node.state} />
            </dd>
          </div>
          <div>
            <dt>Uptime</dt>
            <dd className={styles.uptime}>
              <Clock size={14} aria-hidden />
              {humaniseUptime(node.lastHeartbeat, node.uptime)}
            </dd>
          </div>
          {/* Under its label, the card's width: the platform's id after the '@' is whole at 1024 px. */}
          <div className={styles.wideFact}>
            <dt>Service ID</dt>
            <dd>
              <ServiceId id={node.serviceId} />
            </dd>
          </div>
          <div>
            <dt>Microservices</dt>
            <dd>
              {node.microServices.length > 0 ? (
                <span className={facts.micro}>
                  {node.microServices.map((m) => (
                    <Badge key={m}>{m}</Badge>
                  ))}
                </span>
              ) : (
                '—'
              )}
            </dd>
          </div>
        </dl>
      </article>
    </li>
  )
}

function ServiceNodes({ service, nodes }: { service: string; nodes: ReadonlyArray<TopologyNode> }) {
  const online = nodes.filter((n) => n.status === 'Online').length
  // Not the service's name as the id: 'mission control' would be two ids, naming nothing.
  const titleId = useId()
  return (
    <section className={styles.service} aria-labelledby={titleId}>
      <header className={styles.serviceHeader}>
        <h2 id={titleId} className={styles.serviceName}>
          {service}
        </h2>
        <span className={styles.count}>
          {online} of {nodes.length} online
        </span>
      </header>
      <ul className={styles.nodes} aria-label={`Nodes of ${service}`}>
        {nodes.map((node) => (
          <NodeCard key={`${node.serviceId}/${node.nodeId}`} node={node} />
        ))}
      </ul>
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
    <section aria-labelledby="page-title" className={`${kit.page} ${kit.roomy}`}>
      <PageHeader
        title="Topology"
        description="The services that report to the platform, and the health of each of their nodes."
        actions={
          <Button
            icon={<RefreshCw size={16} aria-hidden />}
            onClick={() => dispatch({ type: 'serviceStatus/LoadTopology' })}
            busy={topology.status === 'loading'}
          >
            Refresh
          </Button>
        }
      />
      {(topology.status === 'idle' || topology.status === 'loading') && nodes.length === 0 && (
        <div role="status" className={styles.services}>
          <span className={kit.srOnly}>Loading services…</span>
          {[0, 1, 2].map((i) => (
            <div key={i} className={styles.skeletonCard} aria-hidden="true">
              <Skeleton width="50%" height="1.25rem" />
              <Skeleton width="80%" />
              <Skeleton width="65%" />
              <Skeleton width="40%" />
            </div>
          ))}
        </div>
      )}
      {topology.status === 'failed' && (
        <LoadFailure
          message={`The services could not be loaded: ${whatHappened(topology.failure)}.`}
          onRetry={() => dispatch({ type: 'serviceStatus/LoadTopology' })}
        />
      )}
      {topology.status === 'loaded' && nodes.length === 0 && (
        <div className={kit.panel}>
          <EmptyState icon={<Network size={28} />} title="No services have reported to the platform yet" />
        </div>
      )}
      {nodes.length > 0 && (
        <div className={styles.services}>
          {groupByService(nodes).map(([service, group]) => (
            <ServiceNodes key={service} service={service} nodes={group} />
          ))}
        </div>
      )}
    </section>
  )
}
