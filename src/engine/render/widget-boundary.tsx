import { Component, type ReactNode } from 'react';
import { ErrorCard } from './error-card';

interface WidgetBoundaryProps {
  pointer: string;
  /** When this changes (new props for the widget), a failed widget gets another try. */
  resetKey: unknown;
  children: ReactNode;
}

interface WidgetBoundaryState {
  error: Error | undefined;
  resetKey: unknown;
}

/** Keeps a widget that throws from taking the page down: it shows an error card in the widget's place. */
export class WidgetBoundary extends Component<WidgetBoundaryProps, WidgetBoundaryState> {
  constructor(props: WidgetBoundaryProps) {
    super(props);
    this.state = { error: undefined, resetKey: props.resetKey };
  }

  static getDerivedStateFromError(error: unknown): Partial<WidgetBoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: WidgetBoundaryProps, state: WidgetBoundaryState) {
    return props.resetKey === state.resetKey ? null : { error: undefined, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error): void {
    console.error(`Widget at ${this.props.pointer || '/'} failed: ${error.message}`);
  }

  override render() {
    const { error } = this.state;
    if (error) {
      return (
        <ErrorCard
          subject="widget"
          issues={[{ pointer: this.props.pointer, message: `failed: ${error.message}` }]}
        />
      );
    }
    return this.props.children;
  }
}
