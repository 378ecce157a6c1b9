import QRCode from 'qrcode';

/**
 * An `otpauth://` URL as a QR code for an authenticator app: an SVG drawn here on the server (the
 * secret never goes to a third-party service or a script), as a data URL the CSP's img-src allows.
 */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
