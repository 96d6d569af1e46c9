// Catches a remote tool page that throws while rendering, so one broken remote cannot take the shell down.
import { Component, type ReactNode } from 'react';

export interface RemoteErrorBoundaryProps {
  fallback(reset: () => void): ReactNode;
  children: ReactNode;
}

export class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('Tool page crashed', error);
  }

  reset = (): void => {
    this.setState({ failed: false });
  };

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.reset) : this.props.children;
  }
}
