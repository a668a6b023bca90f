export declare const SERVER_BUNDLE: string;
export declare function serverBundleStale(): boolean;
export declare function buildServerBundle(): Promise<void>;
