// autocannon ships no type declarations; the bench uses a small part of its API.
declare module 'autocannon';
