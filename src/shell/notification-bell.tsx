import { Badge, Box, Button, IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useMarkNotificationsRead, useNotifications } from '../data/alerts';
import type { AppNotification } from '../generated/api-types';
import { sessionAtom } from '../session/session-atoms';
import { SEVERITY_PALETTE } from '../ui/alert-severity';

/** Where the organisation's alerts are listed, acknowledged and snoozed. */
const ALERTS_PAGE = '/control/logicbuilder';

/**
 * The bell in the top bar: the member's unread notifications counted (the
 * server's figure, asked again every half minute), the newest listed, each
 * opening the alerts; reading one marks it read.
 */
export function NotificationBell() {
  const session = useAtomValue(sessionAtom);
  // Notifications are a member's: nobody is told anything before joining an organisation.
  if (session.status !== 'authorised' || session.user.organisationId === null) return null;
  return <MemberNotificationBell />;
}

function MemberNotificationBell() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unread = notifications.data?.unread ?? 0;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const open = (notification: AppNotification) => {
    if (notification.readAt === null) markRead.mutate([notification.id]);
    navigate(ALERTS_PAGE);
  };
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <IconButton
          aria-label={t('bell.unread', { count: unread })}
          variant="ghost"
          size="sm"
          position="relative"
          data-testid="notification-bell"
        >
          <BellIcon />
          {unread > 0 ? (
            <Badge
              aria-hidden="true"
              colorPalette="red"
              variant="solid"
              position="absolute"
              top="-1"
              insetEnd="-1"
              fontSize="2xs"
              minW="4"
              justifyContent="center"
              borderRadius="full"
              data-testid="notification-count"
            >
              {unread > 99 ? '99+' : unread}
            </Badge>
          ) : null}
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="72" maxW="sm" maxH="md" overflowY="auto">
            <Box display="flex" alignItems="center" justifyContent="space-between" gap="2" px="2" py="1">
              <Text fontWeight="semibold">{t('bell.title')}</Text>
              {unread > 0 ? (
                <Button size="xs" variant="ghost" onClick={() => markRead.mutate(undefined)}>
                  {t('bell.markAllRead')}
                </Button>
              ) : null}
            </Box>
            <Menu.Separator />
            {notifications.isError ? (
              <Text px="2" py="1" fontSize="sm" color="fg.error" role="alert">
                {t('bell.loadFailed', { message: notifications.error.message })}
              </Text>
            ) : null}
            {notifications.data?.notifications.length === 0 ? (
              <Text px="2" py="1" fontSize="sm" color="fg.muted">
                {t('bell.none')}
              </Text>
            ) : null}
            {notifications.data?.notifications.map((notification) => (
              <Menu.Item
                key={notification.id}
                value={String(notification.id)}
                onSelect={() => open(notification)}
                fontWeight={notification.readAt === null ? 'semibold' : 'normal'}
              >
                <Box display="flex" flexDirection="column" gap="0.5" minW="0">
                  <Box display="flex" gap="2" alignItems="center">
                    <Badge colorPalette={SEVERITY_PALETTE[notification.severity]} variant="subtle" size="sm">
                      {t(`bell.${notification.state}`)}
                    </Badge>
                    <Text truncate>{notification.title}</Text>
                  </Box>
                  <Text fontSize="xs" color="fg.muted" fontWeight="normal">
                    {when.format(new Date(notification.createdAt))}
                  </Text>
                </Box>
              </Menu.Item>
            ))}
            <Menu.Separator />
            <Menu.Item value="all-alerts" onSelect={() => navigate(ALERTS_PAGE)}>
              {t('bell.seeAlerts')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** A bell drawn, not an emoji: a machine without an emoji font showed a box. */
function BellIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}
