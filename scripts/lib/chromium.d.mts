// Types of chromium.mjs, for the TypeScript files that import it (playwright.config.ts).
export declare const CHROMIUM: string;
export declare const chromiumAvailable: () => boolean;
export declare const CHROMIUM_ARGS: string[];
