import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../src/engine/widget-types';
import { relativeTimeOf } from '../../src/i18n/relative-time';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { formatDate } from '../shared/format';
import { useFeedPoints } from './data';
import { type FeedState, feedStates } from './feed-states';

/**
 * Whether the organisation's data feeds still report: counts of those that
 * sent a reading lately, went silent or never sent one, and the quiet ones
 * listed, the longest silent first, so a meter that stopped is seen the day
 * it stops rather than at the month's report.
 */
export default function FeedStatusWidget({ data }: WidgetProps<'feed-status'>) {
  const { t } = useTranslation('feed-status');
  const silentAfterHours = data.silentAfterHours ?? 24;
  const limit = data.limit ?? 8;
  const state = fromQuery(useFeedPoints(data.tags));
  return (
    <DataState state={state} what={t('what')}>
      {(points) => {
        const now = Date.now();
        const feeds = feedStates(points, now, silentAfterHours);
        // One line, not an empty state: on the Data Feeds page the table below says the same at length.
        if (feeds.reporting + feeds.quiet.length === 0) {
          return (
            <Text role="status" color="fg.muted" textStyle="sm">
              {t('empty')}
            </Text>
          );
        }
        const listed = feeds.quiet.slice(0, limit);
        return (
          <Stack gap="3">
            <HStack gap="2" wrap="wrap" aria-label={t('counts')}>
              <Badge colorPalette="green" data-testid="feeds-reporting">
                {t('reporting', { count: feeds.reporting })}
              </Badge>
              <Badge colorPalette={feeds.silent > 0 ? 'red' : 'gray'} data-testid="feeds-silent">
                {t('silent', { count: feeds.silent })}
              </Badge>
              <Badge colorPalette="gray" data-testid="feeds-never">
                {t('never', { count: feeds.never })}
              </Badge>
            </HStack>
            {listed.length === 0 ? (
              <Text role="status" color="fg.muted" textStyle="sm">
                {t('allReporting', { count: feeds.reporting, hours: silentAfterHours })}
              </Text>
            ) : (
              <Stack
                as="ul"
                gap="2"
                listStyleType="none"
                aria-label={t('quietList', { hours: silentAfterHours })}
              >
                {listed.map((feed) => (
                  <QuietFeed key={feed.point.id} feed={feed} now={now} />
                ))}
              </Stack>
            )}
            {feeds.quiet.length > listed.length ? (
              <Text color="fg.muted" textStyle="sm">
                {t('more', { count: feeds.quiet.length - listed.length })}
              </Text>
            ) : null}
          </Stack>
        );
      }}
    </DataState>
  );
}

function QuietFeed({ feed, now }: { feed: FeedState; now: number }) {
  const { t } = useTranslation('feed-status');
  const { point } = feed;
  const last = point.lastTs;
  return (
    <Box as="li" data-testid="quiet-feed">
      <HStack justify="space-between" align="baseline" gap="3">
        <Text fontWeight="medium" truncate title={point.name}>
          {point.name}
        </Text>
        <Text
          textStyle="sm"
          whiteSpace="nowrap"
          color={feed.state === 'silent' ? 'fg.error' : 'fg.muted'}
          title={last ? formatDate(last, true) : undefined}
        >
          {last
            ? t('lastReading', { when: relativeTimeOf(last, now) ?? formatDate(last, true) })
            : t('noReading')}
        </Text>
      </HStack>
      {point.path.length > 0 ? (
        <Text textStyle="xs" color="fg.muted" truncate>
          {point.path.join(' › ')}
        </Text>
      ) : null}
    </Box>
  );
}
