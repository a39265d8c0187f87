import { Component, type ReactNode } from 'react';
import { ServerErrorScreen } from '../../screens/errors/server-error-screen';
import { ChunkLoadError } from '../chunks';

interface State {
  failed: boolean;
  /** The screen's code could not be loaded (not a fault of the screen itself). */
  chunk: boolean;
}

/**
 * A render error shows the /500 screen with a way back instead of a white page; a route whose code
 * could not be downloaded says so, with the same retry.
 */
export class LayoutErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = { failed: false, chunk: false };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, chunk: error instanceof ChunkLoadError };
  }

  override componentDidCatch(error: unknown) {
    console.error('screen failed to render', error);
  }

  override componentDidUpdate(prev: { resetKey: string }) {
    // Navigating elsewhere gives the new screen its own chance.
    if (prev.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false, chunk: false });
  }

  override render() {
    return this.state.failed ? <ServerErrorScreen chunk={this.state.chunk} /> : this.props.children;
  }
}
