import { Component, type ErrorInfo, type ReactNode } from 'react'
import { ErrorPage } from './ErrorPage'

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
    return this.state.error ? <ErrorPage details={this.state.error.message} /> : this.props.children
  }
}
