import { useState } from 'react';
import { Alert, Button } from 'react-bootstrap';

import { type ApiKeySummary } from '@contract';
import { useHydrated } from '~/hooks/use-hydrated';

/**
 * The key just created, shown this once: the API keeps only its hash. A read-only field to select
 * it from (without JavaScript too), a copy button once the page's script runs, and a warning.
 */
export function NewApiKey({ apiKey, secret }: { apiKey: ApiKeySummary; secret: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = () => {
    navigator.clipboard.writeText(secret).then(
      () => setCopied('yes'),
      () => setCopied('no'),
    );
  };
  return (
    <Alert variant="warning" className="new-api-key">
      <h3 className="h6">The key “{apiKey.name}”</h3>
      <p className="mb-2">
        Copy it now and keep it somewhere safe: <strong>it is shown only this once</strong>. Whoever
        holds it can use the API as a {apiKey.role}. Send it as{' '}
        <code className="text-reset">Authorization: Bearer bmd_…</code>.
      </p>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <label htmlFor="new-api-key" className="visually-hidden">
          The new API key
        </label>
        <input
          id="new-api-key"
          className="form-control font-monospace flex-grow-1 w-auto"
          readOnly
          value={secret}
          onFocus={(event) => event.currentTarget.select()}
        />
        {hydrated ? (
          <Button type="button" variant="dark" onClick={copy}>
            Copy key
          </Button>
        ) : null}
      </div>
      <p role="status" className="small mt-2 mb-0">
        {copied === 'yes'
          ? 'Copied to the clipboard.'
          : copied === 'no'
            ? 'The browser refused to copy: select the key and copy it yourself.'
            : ''}
      </p>
    </Alert>
  );
}
