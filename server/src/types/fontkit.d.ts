// fontkit 2 ships no type declarations; server/src/lib/pdf-font.ts uses it through `any`.
declare module 'fontkit';
