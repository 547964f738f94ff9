import { describe, expect, it } from 'vitest';
import { answerOrigin, siteAddress } from '../../src/server/http/site-origin.ts';
import { LOCAL_SITE_URL, previewDeployUrl } from '../../src/lib/seo/site-address.ts';

const preview = (context: string) => ({
  deploy: { context, id: '6740f1c2a8b3d900081d5e2f' },
  site: { name: 'ieeecsbdc', url: 'https://ieeecsbdc.org' },
});
const PREVIEW_ADDRESS = 'https://6740f1c2a8b3d900081d5e2f--ieeecsbdc.netlify.app';

describe('the site’s address for the links it writes', () => {
  it('is the configured origin, whatever address the runtime names', () => {
    const site = siteAddress({ siteUrl: 'https://ieeecsbdc.org', linkOrigin: 'https://ieeecsbdc.org' });
    site.useOwnAddress('http://localhost:4321');
    site.useNetlifyContext(preview('deploy-preview'));
    expect(site.origin()).toBe('https://ieeecsbdc.org');
    expect(answerOrigin(site)).toBe('https://ieeecsbdc.org');
  });

  it('without one, is the first address the runtime names (a server’s own, or Netlify’s site URL)', () => {
    const site = siteAddress({});
    expect(site.origin()).toBeUndefined();
    site.useOwnAddress('not an address');
    site.useOwnAddress('javascript:alert(1)');
    expect(site.origin()).toBeUndefined();
    site.useOwnAddress('https://ieeecsbdc.netlify.app/some/path');
    site.useOwnAddress('http://attacker.example');
    expect(site.origin()).toBe('https://ieeecsbdc.netlify.app');
  });

  it('on a production deploy, is Netlify’s URL for the site', () => {
    const site = siteAddress({ linkOrigin: 'https://ieeecsbdc.org' });
    site.useNetlifyContext(preview('production'));
    expect(site.origin()).toBe('https://ieeecsbdc.org');
  });

  it.each(['deploy-preview', 'branch-deploy'])(
    'on a %s, is the deploy’s own address, before Netlify’s URL for the site (the mailer’s too)',
    (context) => {
      const site = siteAddress({ linkOrigin: 'https://ieeecsbdc.org' });
      site.useNetlifyContext(preview(context));
      expect(site.origin()).toBe(PREVIEW_ADDRESS);
    },
  );

  it('takes no deploy address from a context that names no deploy', () => {
    expect(previewDeployUrl(undefined)).toBeUndefined();
    expect(previewDeployUrl({ deploy: { context: 'deploy-preview' }, site: { name: 'ieeecsbdc' } })).toBeUndefined();
    expect(
      previewDeployUrl({
        deploy: { context: 'deploy-preview', id: 'x/../evil.example#' },
        site: { name: 'ieeecsbdc' },
      }),
    ).toBeUndefined();
  });

  it('in an answer, is never the request’s Host: an API with no address named writes the local default', () => {
    expect(answerOrigin(siteAddress({}))).toBe(LOCAL_SITE_URL);
  });
});
