import QRCode from 'qrcode';
import { escapeXml } from './xml.ts';

/** The QR code of an address as SVG markup, labelled for screen readers (a ticket's, a door pass's link). */
export async function qrSvg(address: string, label: string): Promise<string> {
  const svg = await QRCode.toString(address, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return svg.replace('<svg ', `<svg role="img" aria-label="${escapeXml(label)}" focusable="false" `);
}
