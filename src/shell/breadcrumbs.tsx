import { Breadcrumb } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';

/** Home, then one crumb per path segment (spec §2): v1 plain, v2 underlined on a band. */
export function Breadcrumbs({ variant = 'v1' }: { variant?: 'v1' | 'v2' }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const segments = pathname.split('/').filter(Boolean);
  return (
    <Breadcrumb.Root
      size="sm"
      mb="4"
      variant={variant === 'v2' ? 'underline' : 'plain'}
      data-variant={variant}
      {...(variant === 'v2' ? { bg: 'bg.muted', px: '3', py: '2', borderRadius: 'md' } : {})}
    >
      <Breadcrumb.List>
        <Breadcrumb.Item>
          <Breadcrumb.Link asChild>
            <Link to="/">{t('shell.home')}</Link>
          </Breadcrumb.Link>
        </Breadcrumb.Item>
        {segments.map((segment, index) => {
          const to = `/${segments.slice(0, index + 1).join('/')}`;
          const last = index === segments.length - 1;
          return [
            <Breadcrumb.Separator key={`${to}-separator`} />,
            <Breadcrumb.Item key={to}>
              {last ? (
                <Breadcrumb.CurrentLink>{decodeURIComponent(segment)}</Breadcrumb.CurrentLink>
              ) : (
                <Breadcrumb.Link asChild>
                  <Link to={to}>{decodeURIComponent(segment)}</Link>
                </Breadcrumb.Link>
              )}
            </Breadcrumb.Item>,
          ];
        })}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
