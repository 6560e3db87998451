// Catches a screen that fails to render (or to load its code) so the shell stays usable.
import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';
import i18n from '../i18n/index.ts';

export class ErrorBoundary extends Component<
  { children: ReactNode; resetKey?: string },
  { failed: boolean }
> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error(error);
  }
  componentDidUpdate(prev: { resetKey?: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Result
        status="warning"
        title={i18n.t('pages.error_title')}
        subTitle={i18n.t('pages.error_text')}
        extra={<Button onClick={() => window.location.reload()}>{i18n.t('pages.reload')}</Button>}
      />
    );
  }
}
