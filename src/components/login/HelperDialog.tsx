import { lazy, Suspense, useEffect, useState } from 'react';
import { helperInstance, pickHelperImage, registerHelperShow } from './helper';

// Modal and Image are not part of the first load: every page mounts this host, few open it.
const HelperModal = lazy(() => import('./HelperModal'));

/** Helper dialog (500px): one of two assistant QR codes, picked at random on each open. */
export function HelperDialog() {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    registerHelperShow(() => setImage(pickHelperImage()));
    return () => registerHelperShow(null);
  }, []);
  if (!image) return null;
  const close = () => {
    setImage(null);
    helperInstance.close();
  };
  return (
    <Suspense fallback={null}>
      <HelperModal image={image} onClose={close} />
    </Suspense>
  );
}
