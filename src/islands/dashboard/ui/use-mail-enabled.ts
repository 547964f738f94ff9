import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client.ts';

/**
 * Whether the site sends e-mail (GET /auth/session's `mailEnabled`): "confirm by e-mail" needs it, and
 * the certificates section says whether holders are told. Undefined while asking (or when the answer
 * did not come: the API's refusal then says why).
 */
export function useMailEnabled(): boolean | undefined {
  const [enabled, setEnabled] = useState<boolean>();
  useEffect(() => {
    let live = true;
    void api.get<{ mailEnabled?: boolean }>('/auth/session').then((result) => {
      if (live && result.ok) setEnabled(result.data.mailEnabled === true);
    });
    return () => {
      live = false;
    };
  }, []);
  return enabled;
}
