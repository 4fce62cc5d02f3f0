import { Breadcrumb, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { isPagePath, routePatternOf } from '../layouts/page-paths';
import { addressNamesAtom } from '../ui/address-names';
import menu from './menu.json';
import { pageTitleAtom } from './page-title';

/** The menu's entries by address: a crumb of a page the menu names reads as the menu does. */
const MENU_ENTRIES = new Map(
  menu.config.flatMap((item) => ('url' in item && item.url ? [[item.url, item] as const] : [])),
);

/** A part of the address and what its crumb says. */
interface Crumb {
  to: string;
  label: string;
}

/**
 * Home, then a crumb per part of the address (spec §2): v1 plain, v2
 * underlined on a band. Each says a name, in the person's language, never an
 * id: a part with no page (the /devices of /devices/all) is text, not a link
 * to the 404 page.
 */
export function Breadcrumbs({ variant = 'v1' }: { variant?: 'v1' | 'v2' }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const names = useAtomValue(addressNamesAtom);
  const pageTitle = useAtomValue(pageTitleAtom);
  const trail = crumbsOf(pathname, { names, pageTitle, t });
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
        {trail.map(({ to, label }, index) => [
          <Breadcrumb.Separator key={`${to}-separator`} />,
          <Breadcrumb.Item key={to}>
            {index === trail.length - 1 ? (
              <Breadcrumb.CurrentLink>{label}</Breadcrumb.CurrentLink>
            ) : !isPagePath(to) ? (
              <Text as="span">{label}</Text>
            ) : (
              <Breadcrumb.Link asChild>
                <Link to={to}>{label}</Link>
              </Breadcrumb.Link>
            )}
          </Breadcrumb.Item>,
        ])}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}

interface Naming {
  /** What the page shown named parts of its address (ui/address-names.ts). */
  names: ReadonlyMap<string, string>;
  /** The page's own title, for a last part the product has no word for. */
  pageTitle: string | undefined;
  t: TFunction;
}

/**
 * The crumbs of an address, each part named. A part the page's route fixes
 * ("machinelearning", "details") reads as the menu names its address, else as
 * a word the product has, else, last, as the page's own title ("Machine
 * learning"). A part the route leaves open reads as the page shown named it
 * (an entity's name for its id), else as a word the product has (a data
 * point's "details"), else as the address has it (a data point's name),
 * except a number no one named: an id a person cannot read, left out.
 */
export function crumbsOf(pathname: string, { names, pageTitle, t }: Naming): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const pattern = (routePatternOf(pathname) ?? '').split('/').filter(Boolean);
  const crumbs: Crumb[] = [];
  segments.forEach((segment, index) => {
    const to = `/${segments.slice(0, index + 1).join('/')}`;
    const named = names.get(to);
    if (named) crumbs.push({ to, label: named });
    else if (pattern[index]?.startsWith(':')) {
      const word = wordOf(segment, t);
      if (word !== undefined || !/^\d+$/.test(segment)) crumbs.push({ to, label: word ?? decoded(segment) });
    } else {
      const last = index === segments.length - 1;
      const entry = MENU_ENTRIES.get(to);
      const label = entry
        ? t(`menu.${entry.key}`, entry.title)
        : (wordOf(segment, t) ?? (last ? pageTitle : undefined));
      crumbs.push({ to, label: label ?? decoded(segment) });
    }
  });
  return crumbs;
}

/** A part of the address the product has a word for, in the person's language. */
function wordOf(segment: string, t: TFunction): string | undefined {
  if (!/^[a-z]+$/.test(segment)) return undefined;
  const word = t(`shell.sections.${segment}`, { defaultValue: '' });
  return word === '' ? undefined : word;
}

/** The part as a person reads it: %20 a space. An address typed by hand may not decode. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
