import { Button, EmptyState, VStack } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <EmptyState.Root>
      <EmptyState.Content>
        <VStack textAlign="center">
          <EmptyState.Title as="h1">404: this page does not exist</EmptyState.Title>
          <EmptyState.Description>The address may be mistyped, or the page was moved.</EmptyState.Description>
        </VStack>
        <Button asChild variant="outline" size="sm">
          <Link to="/">Go to the start page</Link>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
