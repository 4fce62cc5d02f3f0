import { fieldError } from '../../http/api-error';

/**
 * A DevEUI as stored: 16 upper-case hex digits. People paste it from
 * consoles that show 70-B3-D5-…, 70:B3:D5:… or byte pairs with spaces, so
 * those separators are dropped first.
 */
export function normaliseDevEui(text: string): string {
  const hex = text.trim().replace(/[-: ]/g, '');
  if (!/^[0-9A-Fa-f]{16}$/.test(hex)) {
    throw fieldError(
      '/devEui',
      `The DevEUI must be 16 hex digits, such as 70B3D57ED0061A2C; "${text.slice(0, 40)}" is not.`,
    );
  }
  return hex.toUpperCase();
}
