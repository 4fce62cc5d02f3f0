import { createToaster } from '@chakra-ui/react';

/** The app's notifications: flows show them through notify (toaster.tsx), <Toaster /> renders them. */
export const toaster = createToaster({ placement: 'top-end', pauseOnPageIdle: true });
