import { i18next } from '../../src/i18n/i18n';
import { exampleData, expectForm } from '../shared/gallery-checks.test-helper';

/** The form's heading, the password field (the e-mail is the locked session's) and its submit button. */
export function expectLoaded(slot: HTMLElement, example: number): void {
  const { heading } = exampleData('lockscreen-form', example);
  expectForm(slot, {
    heading: heading ?? i18next.t('auth.lock.heading'),
    fields: ['auth.password'].map((key) => i18next.t(key)),
    submit: i18next.t('auth.lock.submit'),
  });
}
