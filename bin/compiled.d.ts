// Types of bin/compiled.js, for the TypeScript that imports it (tests, benchmarks).
export declare const ROOT: string;
export declare const SRC: string;
export declare const DIST: string;
export declare const STAMP: string;
export declare const CONFIG_FILES: string[];
export declare function sourceStamp(root?: string): Record<string, [number, number]>;
export declare function staleReason(root?: string): string | null;
export declare function importProgram(module: string, options?: { warn?: (text: string) => void }): Promise<any>;
export declare const fromRoot: (path: string) => string;
