/** The address canonical URLs, Open Graph and the sitemap use when nothing else is known. */
export const LOCAL_SITE_URL = 'http://localhost:4321';

/**
 * The site's public origin at build time. `SITE_URL` when set; otherwise, in a Netlify build, the
 * address Netlify gives the deploy: `DEPLOY_PRIME_URL` for deploy previews and branch deploys (so a
 * preview links to itself), `URL` (the site's main address) for production; locally localhost.
 * Netlify documents these as build-time variables (docs.netlify.com, "Build environment variables");
 * `CONTEXT` names the kind of deploy.
 */
export function buildSiteUrl(env: Record<string, string | undefined>): string {
  const given = (name: string) => env[name]?.trim() || undefined;
  const preview = env['CONTEXT'] === 'deploy-preview' || env['CONTEXT'] === 'branch-deploy';
  return (
    given('SITE_URL') ?? (preview ? given('DEPLOY_PRIME_URL') : undefined) ?? given('URL') ?? LOCAL_SITE_URL
  );
}
