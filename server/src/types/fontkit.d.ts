// fontkit 2 ships no type declarations; server/src/documents/pdf-font.ts uses it through `any`.
declare module 'fontkit';
