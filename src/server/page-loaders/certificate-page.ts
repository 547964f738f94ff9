import type { CertificateRecord } from '../../lib/types.ts';
import { verifyPath } from '../../lib/registration/registration-links.ts';
import { findCertificate } from '../services/certificates.service.ts';
import { readTicket } from '../services/registrations.service.ts';
import type { PageDeps } from './page-deps.ts';
import { qrSvg } from './ticket-page.ts';

/** What the printable certificate (/tickets/{token}/certificate) shows. */
export interface CertificatePageData {
  certificate: CertificateRecord;
  /** The ticket it belongs to: the page links back to it. */
  ticket: string;
  /** Its public verify page on this site, which the QR code carries and the sheet prints in text. */
  verifyUrl: string;
  /** The QR code of `verifyUrl`, an inline SVG drawn here. */
  qrSvg: string;
}

/** The public verify page's data (/verify/{id}): the certificate, withdrawn or not; undefined is its 404. */
export function verifyPageData(deps: PageDeps, id: string): Promise<CertificateRecord | undefined> {
  return findCertificate(deps.db, id);
}

/**
 * The certificate of the ticket `token`, or undefined (the page's 404) for an unknown ticket, or one
 * with no certificate: none issued yet, or it was withdrawn (the ticket offers it no more).
 */
export async function certificatePageData(
  deps: PageDeps,
  token: string,
  pageAddress: string,
): Promise<CertificatePageData | undefined> {
  const found = await readTicket(deps.db, token, deps.now());
  if (!found?.certificate) return undefined;
  const certificate = await findCertificate(deps.db, found.certificate.id);
  if (!certificate || certificate.withdrawnAt) return undefined;
  // On the site's own address when it has one, never a forged Host's.
  const verifyUrl = new URL(verifyPath(certificate.id), deps.siteOrigin() ?? pageAddress).href;
  return {
    certificate,
    ticket: found.registration.ticket,
    verifyUrl,
    qrSvg: await qrSvg(verifyUrl, `QR code of this certificate's verify page, ${verifyUrl}`),
  };
}
