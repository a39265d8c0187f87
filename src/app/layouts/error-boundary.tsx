import { Component, type ReactNode } from 'react';
import { ServerErrorScreen } from '../../screens/errors/server-error-screen';

interface State {
  failed: boolean;
}

/** A render error shows the /500 screen with a way back instead of a white page. */
export class LayoutErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('screen failed to render', error);
  }

  override componentDidUpdate(prev: { resetKey: string }) {
    // Navigating elsewhere gives the new screen its own chance.
    if (prev.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <ServerErrorScreen /> : this.props.children;
  }
}
