/** Storage groups: public media is served by GET /files/*, originals never are. */
export const PUBLIC_GROUP = 'media-public';
export const ORIGINAL_GROUP = 'media-original';
