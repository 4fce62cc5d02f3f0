import { Box, Switch, Text } from '@chakra-ui/react';
import { useAtom, useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { liveChoiceAtom, liveStatusAtom } from '../data/live/live-choice';
import { LiveUpdates } from '../data/live/live-updates';
import { sessionAtom } from '../session/session-atoms';

/**
 * The top bar's "Live" switch, for members: on, charts and the explorer
 * follow new readings as they are written; off, they show what they read
 * when the page opened. The member's stream runs either way (the bell and
 * floor plans follow it always), so the switch also says when it is down.
 */
export function LiveSwitch() {
  const session = useAtomValue(sessionAtom);
  if (session.status !== 'authorised' || session.user.organisationId === null) return null;
  return <MemberLiveSwitch />;
}

function MemberLiveSwitch() {
  const { t } = useTranslation();
  const [on, setOn] = useAtom(liveChoiceAtom);
  const status = useAtomValue(liveStatusAtom);
  const waiting = on && status !== 'live' && status !== 'off';
  return (
    <>
      <LiveUpdates />
      <Switch.Root
        size="sm"
        checked={on}
        onCheckedChange={(details) => setOn(details.checked)}
        colorPalette="green"
        title={t('live.explain')}
        data-testid="live-switch"
      >
        <Switch.HiddenInput aria-label={t('live.label')} />
        <Switch.Control />
        {/* On a phone the switch alone: the top bar's room goes to the organisation's name. */}
        <Switch.Label fontSize="sm" hideBelow="sm">
          {t('live.label')}
          {waiting ? (
            <Box as="span" srOnly>
              {` (${t(`live.${status}`)})`}
            </Box>
          ) : null}
        </Switch.Label>
      </Switch.Root>
      {waiting ? (
        <Text fontSize="xs" color="fg.muted" hideBelow="md" aria-hidden="true" data-testid="live-status">
          {t(`live.${status}`)}
        </Text>
      ) : null}
    </>
  );
}
