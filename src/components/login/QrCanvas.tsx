import { useEffect, useRef } from 'react';
import QRCode from 'qrcode';
import { QR_SIZE } from './constants';

/** Draws the login QR code 140x140 into a canvas with the qrcode package. */
export function QrCanvas({ text }: { text: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (ref.current) void QRCode.toCanvas(ref.current, text, { width: QR_SIZE, margin: 1 }).catch(() => undefined);
  }, [text]);
  return (
    <canvas
      ref={ref}
      width={QR_SIZE}
      height={QR_SIZE}
      data-qr-url={text}
      aria-label="微信登录二维码"
      style={{ width: QR_SIZE, height: QR_SIZE }}
    />
  );
}
