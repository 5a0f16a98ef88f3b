import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CrashScreen } from './crash-screen';

type Props = { children: ReactNode };
type State = { hasError: boolean };

/** Last line of defence around the router: anything that escapes it shows the crash screen. */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { hasError: false };

  static getDerivedStateFromError(): State {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.hasError ? <CrashScreen fullScreen /> : this.props.children;
  }
}
