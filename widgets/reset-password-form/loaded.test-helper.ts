import { i18next } from '../../src/i18n/i18n';
import { exampleData, expectForm } from '../shared/gallery-checks.test-helper';

/** The form's heading, its labelled fields and its submit button. */
export function expectLoaded(slot: HTMLElement, example: number): void {
  const { heading } = exampleData('reset-password-form', example);
  expectForm(slot, {
    heading: heading ?? i18next.t('auth.reset.heading'),
    fields: ['auth.email', 'auth.code', 'auth.newPassword'].map((key) => i18next.t(key)),
    submit: i18next.t('auth.reset.submit'),
  });
}
