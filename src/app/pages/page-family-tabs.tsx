import { Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { PageSummary } from '../../generated/api-types';
import { useStoredPageTitle } from '../../i18n/page-text';
import { pageFamily } from '../../layouts/page-tree';

interface PageFamilyTabsProps {
  pages: readonly PageSummary[];
  pageId: number;
  /** Where a page of the family opens: its own address, or the template's for the organisation's dashboard. */
  hrefOf?: (page: PageSummary) => string;
}

const storedHref = (page: PageSummary) => `/dashboards/${page.id}`;

/**
 * A dashboard and the pages under it as a row of links, the open one marked:
 * how people move between a dashboard's sub-pages. Nothing for a page with
 * none under it or beside it.
 */
export function PageFamilyTabs({ pages, pageId, hrefOf = storedHref }: PageFamilyTabsProps) {
  const { t } = useTranslation();
  const titleOf = useStoredPageTitle();
  const family = pageFamily(pages, pageId);
  if (!family || family.members.length === 0) return null;
  return (
    <HStack
      as="nav"
      aria-label={t('storedPage.family', { title: titleOf(family.lead) })}
      gap="1"
      overflowX="auto"
      flexShrink={1}
      minW="0"
      pb="1"
    >
      {[family.lead, ...family.members].map((page) => {
        const open = page.id === pageId;
        return (
          <Button
            key={page.id}
            asChild
            size="sm"
            variant={open ? 'subtle' : 'ghost'}
            colorPalette={open ? 'brand' : 'gray'}
            flexShrink={0}
          >
            <Link to={hrefOf(page)} aria-current={open ? 'page' : undefined}>
              {titleOf(page)}
            </Link>
          </Button>
        );
      })}
    </HStack>
  );
}
