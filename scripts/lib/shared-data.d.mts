export declare const SHARED_FOLDERS: string[];
export interface SharedDataCheck {
  missing: string[];
  suites: string[];
}
export declare function sharedDataCheck(root?: string): SharedDataCheck;
export declare function sharedDataLine(check: SharedDataCheck): string;
