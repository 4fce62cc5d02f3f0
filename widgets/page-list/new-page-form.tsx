import { Button, Field, Heading, NativeSelect, Stack } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCan } from '../../src/auth/use-can';
import { useScreenMutation } from '../../src/data/screen-mutation';
import { api } from '../../src/generated/api-client';
import type { PageSummary, PageTemplate } from '../../src/generated/api-types';
import { usePageText, useStoredPageTitle } from '../../src/i18n/page-text';
import { inTreeOrder } from '../../src/layouts/page-tree';
import { notify } from '../../src/ui/toaster';
import { FormField, formText } from '../shared/form-field';

/** The select's value for a page that starts empty. */
const BLANK = '';
/** The select's value for a page of its own, under no other. */
const OWN = '';

interface NewPageFormProps {
  templates: PageTemplate[];
  /** The pages it may go under, as a dashboard's sub-page. */
  pages: PageSummary[];
}

/**
 * A new dashboard: a title, what it starts from (a built-in template or a
 * blank page) and where it goes (on its own, or under a page as one of its
 * tabs), then the new page opens. Offered to editors and above.
 */
export function NewPageForm({ templates, pages }: NewPageFormProps) {
  const { t } = useTranslation('page-list');
  const pageText = usePageText();
  const titleOf = useStoredPageTitle();
  const navigate = useNavigate();
  const canCreate = useCan('dashboardCreate');
  const createPage = useScreenMutation(api.dashboardCreate, ['page-list']);
  if (!canCreate) return null;

  const create = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const template = formText(form, 'template');
    const parent = formText(form, 'parent');
    createPage.mutate(
      {
        title: formText(form, 'title'),
        ...(template === BLANK ? {} : { template }),
        ...(parent === OWN ? {} : { parentId: Number(parent) }),
      },
      {
        onSuccess: (created) => navigate(`/dashboards/${created.page.id}`),
        onError: (error) => notify.warning(error.message),
      },
    );
  };

  return (
    <form onSubmit={create} aria-label={t('new.heading')}>
      <Stack gap="3" maxW="md">
        <Heading as="h3" size="sm">
          {t('new.heading')}
        </Heading>
        <FormField label={t('new.title')} name="title" required maxLength={120} />
        <Field.Root>
          <Field.Label>{t('new.startFrom')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="template" defaultValue={templates[0]?.path ?? BLANK}>
              {templates.map((template) => (
                <option key={template.path} value={template.path}>
                  {pageText(template.path, 'title', template.title)}
                </option>
              ))}
              <option value={BLANK}>{t('new.blank')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {pages.length > 0 ? (
          <Field.Root>
            <Field.Label>{t('new.under')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field name="parent" defaultValue={OWN}>
                <option value={OWN}>{t('new.ownPage')}</option>
                {inTreeOrder(pages).map(({ page, depth }) => (
                  <option key={page.id} value={page.id}>
                    {`${'\u00a0\u00a0'.repeat(depth)}${titleOf(page)}`}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        ) : null}
        <Button type="submit" colorPalette="brand" loading={createPage.isPending} alignSelf="flex-start">
          {t('new.create')}
        </Button>
      </Stack>
    </form>
  );
}
