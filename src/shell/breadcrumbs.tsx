import { Breadcrumb } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';

/** Home, then one crumb per path segment (spec §2, variant v1). */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const segments = pathname.split('/').filter(Boolean);
  return (
    <Breadcrumb.Root size="sm" mb="4">
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
