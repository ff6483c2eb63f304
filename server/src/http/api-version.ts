import pkg from '../../../package.json';

/** The API's version in the OpenAPI document: the package's. */
export const apiVersion: string = pkg.version;
