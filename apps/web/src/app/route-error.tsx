import { Component, type ReactNode } from 'react';
import { AuthCard } from '../components/layout/auth-card.tsx';

/**
 * Shown when a page fails to load or render: a way out instead of a blank screen. A plain link with
 * a full load, since the app that failed may be an old build whose files are gone after a deploy.
 */
export function RouteError() {
  return (
    <main id="main" style={{ padding: '48px 16px' }}>
      <AuthCard title="Something went wrong" subtitle="Please reload the page. If it keeps happening, contact support.">
        <a href="/">Go to the start page</a>
      </AuthCard>
    </main>
  );
}

/** Catches a render or chunk-load error below it; moving to another page (a new `resetKey`) clears it. */
export class RouteErrorBoundary extends Component<
  { resetKey: string; children: ReactNode },
  { failed: boolean; key: string }
> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { key: string }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
