import menu from './menu.json';

export interface MenuItem {
  key: string;
  title: string;
  category?: boolean;
  url?: string;
  icon?: string;
  roles?: string[];
}

/**
 * The menu for a role: entries whose roles list lacks the role are hidden
 * (spec §6), and so is a heading left with no entries under it.
 */
export function menuFor(role: string, items: readonly MenuItem[] = menu.config): MenuItem[] {
  const visible = items.filter((item) => item.category || !item.roles || item.roles.includes(role));
  return visible.filter((item, index) => {
    if (!item.category) return true;
    const next = visible[index + 1];
    return next !== undefined && !next.category;
  });
}
