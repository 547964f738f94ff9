import { useEffect, useState } from 'react';
import { keepPageOffline } from './offline-shell.ts';
import { readerAssets } from './qr-reader.ts';

/** Whether the browser thinks it is online; `onBackOnline` runs each time the network comes back. */
export function useOnline(onBackOnline: () => void): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const goneOnline = () => {
      setOnline(true);
      onBackOnline();
    };
    const goneOffline = () => setOnline(false);
    window.addEventListener('online', goneOnline);
    window.addEventListener('offline', goneOffline);
    return () => {
      window.removeEventListener('online', goneOnline);
      window.removeEventListener('offline', goneOffline);
    };
  }, [onBackOnline]);
  return online;
}

/** Whether this phone keeps the page itself (and the QR reader), so it opens again without a network. */
export function useOpensOffline(): boolean {
  const [opensOffline, setOpensOffline] = useState(false);
  useEffect(() => {
    let live = true;
    void keepPageOffline(readerAssets).then((kept) => {
      if (live) setOpensOffline(kept);
    });
    return () => {
      live = false;
    };
  }, []);
  return opensOffline;
}
