import { Breadcrumb, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { isPagePath } from '../app/page-paths';
import menu from './menu.json';

/** The menu's entries by address: a crumb of a page the menu names reads as the menu does. */
const MENU_ENTRIES = new Map(
  menu.config.flatMap((item) => ('url' in item && item.url ? [[item.url, item] as const] : [])),
);

/**
 * Home, then one crumb per path segment (spec §2): v1 plain, v2 underlined on
 * a band. A part of the address that is no page (the /devices of
 * /devices/all) is shown as text, not as a link to the 404 page; one that
 * is a menu's page reads as its menu entry, in the person's language.
 */
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
          const entry = MENU_ENTRIES.get(to);
          const label = entry ? t(`menu.${entry.key}`, entry.title) : sectionLabel(segment, t);
          return [
            <Breadcrumb.Separator key={`${to}-separator`} />,
            <Breadcrumb.Item key={to}>
              {last ? (
                <Breadcrumb.CurrentLink>{label}</Breadcrumb.CurrentLink>
              ) : !isPagePath(to) ? (
                <Text as="span">{label}</Text>
              ) : (
                <Breadcrumb.Link asChild>
                  <Link to={to}>{label}</Link>
                </Breadcrumb.Link>
              )}
            </Breadcrumb.Item>,
          ];
        })}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}

/**
 * A part of the address that is no page of the menu: a section the product
 * names ("devices") in the person's language, anything else (an id, a data
 * point's name) as it stands in the address.
 */
function sectionLabel(segment: string, t: TFunction): string {
  const written = decodeURIComponent(segment);
  return /^[a-z]+$/.test(segment) ? t(`shell.sections.${segment}`, { defaultValue: written }) : written;
}
