import { useTranslation } from 'react-i18next';
import { absoluteTime, relativeTime } from './saved-time';

/** When a revision was saved: how long ago, and the date and time, as a <time> element. */
export function SavedAt({ iso }: { iso: string }) {
  const { t } = useTranslation('editor-history');
  return (
    <time dateTime={iso}>
      {t('history.when', { relative: relativeTime(iso, Date.now()), absolute: absoluteTime(iso) })}
    </time>
  );
}
