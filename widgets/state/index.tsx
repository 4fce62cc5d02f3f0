import { Button, EmptyState, Spinner, VStack } from '@chakra-ui/react';
import type { WidgetProps } from '../../src/engine/widget-types';
import { SmartLink } from '../shared/smart-link';

const SYMBOLS = { empty: '∅', error: '!' } as const;

/** An empty, loading or error state, with a link to what fixes it. */
export default function StateWidget({ data }: WidgetProps<'state'>) {
  const { kind, title, description, action } = data;
  return (
    <EmptyState.Root size="sm" role={kind === 'error' ? 'alert' : 'status'} aria-busy={kind === 'loading'}>
      <EmptyState.Content>
        <EmptyState.Indicator color={kind === 'error' ? 'fg.error' : 'fg.muted'}>
          {kind === 'loading' ? <Spinner size="lg" /> : <span aria-hidden="true">{SYMBOLS[kind]}</span>}
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title>{title}</EmptyState.Title>
          {description ? <EmptyState.Description>{description}</EmptyState.Description> : null}
        </VStack>
        {action ? (
          <Button asChild size="sm" variant="outline">
            <SmartLink href={action.href} textDecoration="none">
              {action.label}
            </SmartLink>
          </Button>
        ) : null}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
