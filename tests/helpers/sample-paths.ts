/** A concrete URL path for a route pattern: params get sample values, optional ones are dropped. */
export function samplePath(pattern: string): string {
  return (
    pattern
      .replace(/\/:[^/]+\?/g, '')
      .replace(/:(\w+)/g, (_m, key: string) => (key === 'type' ? '1' : key === 'from' ? 'cart' : '3')) || '/'
  );
}
