import { Component, Suspense, lazy, type ErrorInfo, type ReactNode } from 'react'

// What shows while the error page's chunk loads, or if it cannot load (offline): never blank.
function Plain() {
  return <p role="alert">Something went wrong. Refresh the page to try again.</p>
}

// The error page is a chunk of its own: the login page does not load it until a view fails.
const ErrorPage = lazy(() =>
  import('./ErrorPage').then(
    (m) => ({ default: m.ErrorPage }),
    () => ({ default: Plain }),
  ),
)

interface Props {
  readonly children: ReactNode
  /** A new key (e.g. the path) clears the error, so navigating away recovers. */
  readonly resetKey?: string
}

interface State {
  readonly error?: Error
  readonly key?: string
}

/** Catches a view that throws and shows the generic error page: never a blank page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = {}

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.key) return { key: props.resetKey, error: undefined }
    return null
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // The console keeps running; the stack goes to the developer console for a bug report.
    console.error('view failed', error, info.componentStack)
  }

  override render() {
    return this.state.error ? (
      <Suspense fallback={<Plain />}>
        <ErrorPage details={this.state.error.message} />
      </Suspense>
    ) : (
      this.props.children
    )
  }
}
