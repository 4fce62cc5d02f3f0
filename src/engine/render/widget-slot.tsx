import { Box, Skeleton } from '@chakra-ui/react';
import { Suspense } from 'react';
import type { Widget } from '../../generated/page-types';
import { ErrorCard } from './error-card';
import { WidgetBoundary } from './widget-boundary';
import { useWidgetRegistry } from './widget-registry';
import { useTranslatedWidgetData } from './widget-text';

interface WidgetSlotProps {
  widget: Widget;
  /** JSON Pointer of the widget in its page, shown on its error card. */
  pointer: string;
}

/** One validated widget: its component from the registry handed to the renderer, loaded lazily, behind an error boundary. */
export function WidgetSlot({ widget, pointer }: WidgetSlotProps) {
  const WidgetComponent = useWidgetRegistry().componentFor(widget.name);
  const data = useTranslatedWidgetData(widget.name, widget.data);
  if (!WidgetComponent) {
    return (
      <ErrorCard
        subject="widget"
        issues={[{ pointer: `${pointer}/name`, message: `no component is registered for "${widget.name}"` }]}
      />
    );
  }
  return (
    <Box data-widget={widget.name} data-pointer={pointer} p={widget.wrapper === 'plain' ? '0' : '4'} minW="0">
      <WidgetBoundary pointer={pointer} resetKey={widget.data}>
        <Suspense fallback={<Skeleton height="6" data-testid="widget-loading" />}>
          <WidgetComponent data={data} />
        </Suspense>
      </WidgetBoundary>
    </Box>
  );
}
