import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CrashScreen } from './crash-screen';

type Props = {
  children: ReactNode;
  fullScreen?: boolean;
  /** A change (the path) leaves the crash behind: moving to another screen renders it afresh. */
  resetKey?: string;
};
type State = { hasError: boolean };

/**
 * Around the routes: a page (or its code) that failed to load or render shows the crash screen;
 * in the layout's page area, or full screen for an error in the layout itself.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { hasError: false };

  static getDerivedStateFromError(): State {
    return { hasError: true };
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.hasError && previous.resetKey !== this.props.resetKey) this.setState({ hasError: false });
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.hasError ? <CrashScreen fullScreen={this.props.fullScreen ?? false} /> : this.props.children;
  }
}
