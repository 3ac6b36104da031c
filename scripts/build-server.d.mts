// Types for the parts of build-server.mjs the tests import.
export const SERVER_OUT: string;
export const SERVER_ENTRY: string;
export const OPS_ENTRY: string;
export function serverStamp(cwd?: string): string;
export function serverBuilt(cwd?: string): boolean;
export function buildServer(cwd?: string): Promise<number>;
export function ensureServerBuilt(cwd?: string, log?: (line: string) => void): Promise<boolean>;
