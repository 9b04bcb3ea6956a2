/**
 * The guided client flow quick setup relaunches for a package type and repository: the set-up
 * steps one at a time, then a last step that confirms, with Back, Next and Finish.
 */
import { clientFlowLength } from '../../domain/quickSetup/relaunch'
import { clientServed, clientSetup } from '../../domain/setMeUp/steps'
import { useDispatch, useQuery } from '../shared/appContext'
import { ShellDialog } from '../shared/kit/ShellDialog'
import { Button } from '../shared/kit/Button'
import { BaseUrlState, NotServedNote, SetupStepView } from '../shared/clientSetUp/SetupSteps'
import setUp from '../shared/clientSetUp/setUp.module.css'

export function ClientFlowDialog() {
  const flow = useQuery({ type: 'quickSetup/ClientFlow' })
  // The address is set-me-up's: this flow asked for it as it opened (quickSetup's policy).
  const address = useQuery({ type: 'setMeUp/ClientAddress' })
  const dispatch = useDispatch()
  const total = flow ? clientFlowLength(flow.packageType) : 0
  const steps =
    flow && address.baseUrl !== undefined
      ? clientSetup(flow.packageType, address.baseUrl, flow.repo, undefined, address.reverseProxies)
      : []
  const index = flow ? Math.min(flow.step, Math.max(0, total - 1)) : 0
  const step = steps[index]
  const last = index === total - 1
  return (
    <ShellDialog
      open={flow !== undefined}
      onClose={() => dispatch({ type: 'quickSetup/CloseClientFlow', finished: false })}
      title={flow ? `Connect your ${flow.packageType} client` : 'Connect your client'}
      description={flow ? `Use repository ${flow.repo} from your ${flow.packageType} client.` : ''}
      // The kit's buttons in the dialog's footer, as every dialog's actions (they were bare
      // browser buttons under the steps).
      footer={
        flow && (
          <>
            <Button
              disabled={index === 0}
              onClick={() => dispatch({ type: 'quickSetup/MoveClientFlow', step: index - 1 })}
            >
              Back
            </Button>
            {last ? (
              <Button
                variant="primary"
                onClick={() => dispatch({ type: 'quickSetup/CloseClientFlow', finished: true })}
              >
                Finish
              </Button>
            ) : (
              <Button
                variant="primary"
                onClick={() => dispatch({ type: 'quickSetup/MoveClientFlow', step: index + 1 })}
              >
                Next
              </Button>
            )}
          </>
        )
      }
    >
      {flow && (
        <>
          <p className={setUp.muted}>
            Step {index + 1} of {total}
          </p>
          {address.baseUrl === undefined ? (
            <BaseUrlState
              failure={address.failure}
              onRetry={() => dispatch({ type: 'setMeUp/LoadClientBaseUrl' })}
            />
          ) : step ? (
            <>
              {index === 0 && <NotServedNote packageType={flow.packageType} repo={flow.repo} />}
              <SetupStepView step={step} level={2} />
            </>
          ) : (
            <div className={setUp.setupStep}>
              <h2>You are set</h2>
              <p>
                {clientServed(flow.packageType)
                  ? `Your ${flow.packageType} client now resolves from ${flow.repo}.`
                  : `You can now upload and download the files of ${flow.repo}.`}{' '}
                Open Set Me Up from the user menu to see these steps again, with a token of your own.
              </p>
            </div>
          )}
        </>
      )}
    </ShellDialog>
  )
}
