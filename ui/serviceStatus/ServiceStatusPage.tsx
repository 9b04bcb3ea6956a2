// Administration › Monitoring › Service Status (spec 001): the Online nodes of each service,
// each removable after a confirmation, and a warning when several Mission Controls report.
import { useEffect, useMemo, useState } from 'react'
import { RefreshCw, ServerOff, Trash2, TriangleAlert } from 'lucide-react'
import type { TopologyNode } from '../../domain/serviceStatus'
import { compactUptime, humaniseUptime, serviceStatusView } from '../../domain/serviceStatus/rules'
import { useDispatch, useQuery } from '../shared/appContext'
import { whatHappened } from '../shared/failureText'
import { Button, IconButton } from '../shared/kit/Button'
import { AlertDialog } from '../shared/kit/Overlay'
import { Badge, Card, EmptyState, PageHeader } from '../shared/kit/Surface'
import { Table, type Column, type TableState } from '../shared/kit/Table'
import { Tooltip } from '../shared/kit/Tooltip'
import kit from '../shared/kit/page.module.css'
import styles from './serviceStatus.module.css'
import facts from './nodeFacts.module.css'
import { NodeStateBadge } from './NodeStateBadge'
import { ServiceId } from './ServiceId'

const uptimeWords = (uptime: string) => (uptime === 'unavailable' ? 'Uptime unavailable' : `Up ${uptime}`)

// Every column has a share of the width, so the services' cards, one table each, line their
// columns up under one another instead of each sizing them to its own text.
const columns: ReadonlyArray<Column<TopologyNode>> = [
  {
    // The node and, under it, its service id: a column of their own left the id a third of the
    // width at 1024 px, broken over three lines.
    id: 'node',
    header: 'Node and service ID',
    cell: (n) => (
      <span className={styles.node}>
        <span className={styles.oneLine}>{n.nodeId}</span>
        <ServiceId id={n.serviceId} />
      </span>
    ),
    width: '50%',
  },
  {
    // The state and, under it, for how long: one column, so the ids and microservices have room.
    id: 'state',
    header: 'State',
    cell: (n) => (
      <span className={styles.state}>
        <NodeStateBadge state={n.state} />
        {/* Its largest unit, the whole in the hint: two units wrapped in the column at 1024 px. */}
        <Tooltip content={uptimeWords(humaniseUptime(n.lastHeartbeat, n.uptime))}>
          <span className={styles.uptime} tabIndex={0}>
            {uptimeWords(compactUptime(n.lastHeartbeat, n.uptime))}
          </span>
        </Tooltip>
      </span>
    ),
    width: '20%',
  },
  {
    id: 'micro',
    header: 'Microservices',
    cell: (n) =>
      n.microServices.length > 0 ? (
        <span className={facts.micro}>
          {n.microServices.map((m) => (
            <Badge key={m}>{m}</Badge>
          ))}
        </span>
      ) : (
        '—'
      ),
    width: '30%',
  },
]

export default function ServiceStatusPage() {
  const topology = useQuery({ type: 'serviceStatus/Topology' })
  const removal = useQuery({ type: 'serviceStatus/NodeRemoval' })
  const dispatch = useDispatch()
  // The node asked about, and whether its removal was sent: the dialog stays while it runs.
  const [confirming, setConfirming] = useState<{ node: TopologyNode; sent: boolean } | null>(null)
  const load = () => dispatch({ type: 'serviceStatus/LoadTopology' })
  useEffect(() => {
    dispatch({ type: 'serviceStatus/LoadTopology' })
  }, [dispatch])
  const nodes = useMemo(() => (topology.status === 'idle' ? [] : topology.nodes), [topology])
  const view = useMemo(() => serviceStatusView(nodes), [nodes])
  const removing = removal?.status === 'pending'
  const asking = confirming !== null && (!confirming.sent || removing)

  const loadingFirst = (topology.status === 'idle' || topology.status === 'loading') && nodes.length === 0
  const tableState = (group: ReadonlyArray<TopologyNode>): TableState<TopologyNode> => ({
    status: 'loaded',
    rows: group,
  })

  return (
    <section aria-labelledby="service-status-title" className={kit.page}>
      <PageHeader
        title={<span id="service-status-title">Service Status</span>}
        description="The nodes of each service that report to the platform."
        actions={
          <Button
            icon={<RefreshCw size={16} aria-hidden />}
            onClick={load}
            busy={topology.status === 'loading'}
          >
            Refresh
          </Button>
        }
      />
      {view.multipleMissionControls && (
        <div role="alert" className={styles.warning}>
          <TriangleAlert size={18} aria-hidden />
          <span>
            Several Mission Control instances are reporting to this platform. Only one Mission Control should
            be connected; remove the nodes of the others.
          </span>
        </div>
      )}
      {removal?.status === 'failed' && (
        <div role="alert" className={styles.warning}>
          <span>
            Node {removal.nodeId} could not be removed: {whatHappened(removal.failure)}.
          </span>
        </div>
      )}
      {loadingFirst && (
        <Table label="Nodes" columns={columns} state={{ status: 'loading' }} rowKey={key} empty={null} />
      )}
      {topology.status === 'failed' && nodes.length === 0 && (
        <Table
          label="Nodes"
          columns={columns}
          rowKey={key}
          empty={null}
          state={{
            status: 'error',
            message: `The service status could not be loaded: ${whatHappened(topology.failure)}.`,
            onRetry: load,
          }}
        />
      )}
      {topology.status === 'loaded' && view.services.length === 0 && (
        <EmptyState
          icon={<ServerOff size={28} />}
          title="No service has an Online node"
          hint="Nodes show here once they send their heartbeat to the platform."
          action={<Button onClick={load}>Refresh</Button>}
        />
      )}
      {view.services.map(({ service, nodes: group }) => (
        <Card key={service} title={<span className={styles.serviceName}>{service}</span>}>
          <Table
            label={`Nodes of ${service}`}
            columns={columns}
            state={tableState(group)}
            rowKey={key}
            empty={null}
            rowActions={(n) => (
              <IconButton
                label={`Remove node ${n.nodeId} of ${n.serviceId}`}
                icon={<Trash2 size={16} aria-hidden />}
                onClick={() => setConfirming({ node: n, sent: false })}
              />
            )}
          />
        </Card>
      ))}
      <AlertDialog
        open={asking}
        onOpenChange={(open) => {
          if (!open && !removing) setConfirming(null)
        }}
        title="Remove this node?"
        description={
          confirming
            ? `Node ${confirming.node.nodeId} leaves the topology of ${confirming.node.serviceId}. A node that is still running registers again with its next heartbeat.`
            : ''
        }
        confirmLabel="Remove node"
        busy={removing}
        onConfirm={() => {
          if (!confirming) return
          const { serviceId, nodeId } = confirming.node
          dispatch({ type: 'serviceStatus/RemoveNode', serviceId, nodeId })
          setConfirming({ node: confirming.node, sent: true })
        }}
      />
    </section>
  )
}

const key = (n: TopologyNode) => `${n.serviceId}/${n.nodeId}`
