import { afterEach, describe, expect, it } from 'vitest';
import { i18next } from '../i18n/i18n';
import { ApiFailure } from './api-failure';

afterEach(async () => {
  await i18next.changeLanguage('en-US');
});

const SERVER_WORDS = 'The server says it in English.';

describe("a plan's refusal", () => {
  it('is said from its parts, not in the server’s English', () => {
    const failure = new ApiFailure(402, {
      message: SERVER_WORDS,
      planLimit: { what: 'sites', plan: 'Professional', limit: 5, liftedBy: 'Advanced' },
    });
    expect(failure.message).toBe(
      'Your Professional plan includes 5 sites, and this would go beyond it. The Advanced plan allows more: an admin can choose it on the Billing page.',
    );
  });

  it('names a missing feature, and says what to do when no plan allows more', async () => {
    await i18next.changeLanguage('fr-FR');
    expect(
      new ApiFailure(402, {
        message: SERVER_WORDS,
        planLimit: { what: 'apiKeys', plan: 'Professional', limit: null, liftedBy: 'Advanced' },
      }).message,
    ).toBe(
      'Clés d’API pour envoyer des relevés : non compris dans l’offre Professional. L’offre Advanced permet davantage : un administrateur peut la choisir sur la page Facturation.',
    );
    expect(
      new ApiFailure(402, {
        message: SERVER_WORDS,
        planLimit: { what: 'dataPoints', plan: 'Advanced', limit: 5000, liftedBy: null },
      }).message,
    ).toBe(
      // French groups thousands with a narrow no-break space.
      'Votre offre Advanced comprend 5\u202f000 points de données, et cet ajout les dépasserait. Supprimez ce qui ne sert plus pour faire de la place.',
    );
  });

  it('keeps the server’s words for any other refusal', () => {
    expect(new ApiFailure(409, { message: SERVER_WORDS }).message).toBe(SERVER_WORDS);
  });
});
