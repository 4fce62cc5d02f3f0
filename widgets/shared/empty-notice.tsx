import { EmptyState, type EmptyStateRootProps, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface EmptyNoticeProps {
  title: string;
  description: string;
  /** The next step: a button or link to where the missing things are added. */
  children?: ReactNode;
  size?: EmptyStateRootProps['size'];
  /** "status" where the notice replaces content a person is waiting for. */
  role?: 'status';
}

/** What a widget shows when there is nothing yet: what is missing, why, and the next step. */
export function EmptyNotice({ title, description, children, size = 'sm', role }: EmptyNoticeProps) {
  return (
    <EmptyState.Root size={size} role={role}>
      <EmptyState.Content>
        <VStack textAlign="center">
          <EmptyState.Title>{title}</EmptyState.Title>
          <EmptyState.Description>{description}</EmptyState.Description>
        </VStack>
        {children}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
