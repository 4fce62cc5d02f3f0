import { Alert } from '@chakra-ui/react';

/** What went wrong, in the server's or the check's words, said to screen readers at once; nothing without a message. */
export function ErrorAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
