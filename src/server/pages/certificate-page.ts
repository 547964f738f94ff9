import type { CertificateRecord } from '../../lib/types.ts';
import { verifyPath } from '../../lib/registration/registration-links.ts';
import { certificateWithdrawnFor, findCertificate } from '../services/certificates.service.ts';
import { readTicket } from '../services/registrations.service.ts';
import type { PageDeps } from '../deps.ts';
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
 * Why a ticket's certificate link shows no certificate: none issued (yet: only after the event, to those
 * checked in), or withdrawn by the organisers. The page says which and leads back to the ticket.
 */
export interface NoCertificate {
  missing: 'not-issued' | 'withdrawn';
  ticket: string;
}

/**
 * The certificate of the ticket `token`; why there is none for a ticket that exists; or undefined (the
 * page's plain 404) for an unknown ticket.
 */
export async function certificatePageData(
  deps: PageDeps,
  token: string,
  pageAddress: string,
): Promise<CertificatePageData | NoCertificate | undefined> {
  const found = await readTicket(deps.db, token, deps.now());
  if (!found) return undefined;
  const ticket = found.registration.ticket;
  // A withdrawn certificate is no longer the ticket's (readTicket leaves it out), but its record says so.
  const issued = found.certificate ? await findCertificate(deps.db, found.certificate.id) : undefined;
  if (!issued) {
    const withdrawn = await certificateWithdrawnFor(deps.db, found.registration.id);
    return { missing: withdrawn ? 'withdrawn' : 'not-issued', ticket };
  }
  if (issued.withdrawnAt) return { missing: 'withdrawn', ticket };
  // On the site's own address when it has one, never a forged Host's.
  const verifyUrl = new URL(verifyPath(issued.id), deps.siteOrigin() ?? pageAddress).href;
  return {
    certificate: issued,
    ticket,
    verifyUrl,
    qrSvg: await qrSvg(verifyUrl, `QR code of this certificate's verify page, ${verifyUrl}`),
  };
}
