export declare const root: string;
export declare function ensureBuilt(entry?: 'all-in-one' | 'api' | 'worker'): void;
