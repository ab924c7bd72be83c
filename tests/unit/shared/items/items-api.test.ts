import { describe, expect, it } from 'vitest';
import { ITEMS_API_PATH, isBackendPath } from '../../../../shared/items/items-api';

describe('isBackendPath', () => {
  it.each(['/www-be/', '/www-be/items/v1.0/items', '/WWW-BE/Items', `${ITEMS_API_PATH}/items/42`])('is true under /www-be/ in any case (%s)', (path) => {
    expect(isBackendPath(path)).toBe(true);
  });

  it.each(['/', '/www-be', '/www-bex/items', '/articles/www-be/', '/en/www-be/'])('is false elsewhere (%s)', (path) => {
    expect(isBackendPath(path)).toBe(false);
  });
});
