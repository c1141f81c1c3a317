/** The interface description's version (spec: "Versioning"). */
export const API_VERSION = '0.1.0';
