import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { renderInApp } from '../../tests/render';
import { useImports, useImportsChanged } from './imports';

/** A list of imports and, apart from it, something that starts one: the import history and the meter import. */
function Page() {
  const imports = useImports();
  const changed = useImportsChanged();
  return (
    <>
      <p>{imports.data ? `${imports.data.imports.length} imports` : 'loading'}</p>
      <button type="button" onClick={changed}>
        Import
      </button>
    </>
  );
}

describe('the imports query', () => {
  it('is asked again when an import starts or ends elsewhere on the page', async () => {
    const calls = useApi(answer('getUserDataImport', { imports: [] }));
    renderInApp(<Page />);
    expect(await screen.findByText('0 imports')).toBeTruthy();
    expect(callsTo(calls, 'getUserDataImport')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(callsTo(calls, 'getUserDataImport')).toHaveLength(2));
  });
});
