import { Component, type ReactNode } from 'react';
import { i18next } from '../i18n/index.ts';

type State = { failed: boolean };

/** Catches a chunk that failed to load (spec §7 loader failures) and offers a reload. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="ui-full-message" data-testid="load-failed">
        <h1>{i18next.t('common.loadFailed')}</h1>
        <p>{i18next.t('errors.network_error')}</p>
        <button type="button" className="ui-btn ui-btn-primary" onClick={() => window.location.reload()}>
          {i18next.t('common.retry')}
        </button>
      </section>
    );
  }
}
