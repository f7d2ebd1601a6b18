import { QRCodeSVG } from 'qrcode.react';

/** The otpauth:// address as a QR code; its own module, so qrcode.react loads only with the setup. */
export function SecretQrCode({ url }: { url: string }) {
  return (
    <QRCodeSVG
      value={url}
      size={184}
      marginSize={2}
      role="img"
      aria-label="QR code for your authenticator app"
      bgColor="#ffffff"
      fgColor="#111827"
    />
  );
}
