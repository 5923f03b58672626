import { Component, type ReactNode } from 'react';
import { ErrorPage } from './error-page.tsx';

/** A failure to render what it wraps is shown as the error page, never as a blank screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <ErrorPage error={this.state.error} />;
  }
}
