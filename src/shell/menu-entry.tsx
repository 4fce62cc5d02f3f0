import { Icon, Link, type LinkProps, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { isOpenWithoutOrganisation, useWithoutOrganisation } from '../session/organisation-gate';
import type { MenuItem } from './menu';

interface MenuEntryProps extends Omit<LinkProps, 'children'> {
  item: MenuItem;
  /** What the entry shows: its title, or an abbreviation of it in a collapsed menu. */
  label: string;
  onNavigate?: () => void;
}

/**
 * One entry of a menu (left, flyout or top): a link to its page, or, for a
 * person without an organisation, the entry locked with the reason, so they
 * see what the product offers and what to do first.
 */
export function MenuEntry({ item, label, onNavigate, ...linkProps }: MenuEntryProps) {
  const { t } = useTranslation();
  const withoutOrganisation = useWithoutOrganisation();
  const url = item.url ?? '/';
  if (withoutOrganisation && !isOpenWithoutOrganisation(url)) {
    const reason = t('shell.needsOrganisation');
    return (
      <Text
        as="span"
        {...(linkProps as object)}
        display="flex"
        alignItems="center"
        gap="1"
        color="fg.subtle"
        cursor="not-allowed"
        aria-disabled="true"
        data-locked="true"
        title={reason}
      >
        <LockIcon />
        {label}
        <Text as="span" srOnly>
          {reason}
        </Text>
      </Text>
    );
  }
  return (
    <Link asChild {...linkProps}>
      <NavLink to={url} onClick={onNavigate}>
        {label}
      </NavLink>
    </Link>
  );
}

/** A padlock, drawn here: the shell has no icon set, and an emoji needs a font the machine may lack. */
function LockIcon() {
  return (
    <Icon boxSize="3.5" flexShrink={0}>
      <svg viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        <rect x="3" y="7" width="10" height="7" rx="1.5" />
        <path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2" />
      </svg>
    </Icon>
  );
}
