// Catches a page that fails to render or to load. A page chunk that still fails after the one
// reload says the website was updated; anything else is a generic failure with a way to retry.
// The boundary is keyed by path in the layout, so moving to another page clears the error.
import { Component, type ReactNode } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChunkLoadError } from './lazy-page';
import { StatusResult } from '../ui/StatusResult';

function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const updated = error instanceof ChunkLoadError;
  return (
    <StatusResult
      status={updated ? 'info' : 'error'}
      title={updated ? t('error.website_updated') : t('error.unexpected')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('error.refresh')}
        </Button>
      }
    />
  );
}

export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (!(error instanceof ChunkLoadError)) console.error(error);
  }

  override render() {
    return this.state.error ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}
