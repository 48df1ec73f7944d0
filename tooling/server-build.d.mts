export declare const ROOT: string
export declare const SERVER_BUILD_DIR: string
export type ServerEntry = 'main' | 'start'
export declare function serverBuildIsCurrent(name?: ServerEntry): boolean
export declare function buildServer(name?: ServerEntry): Promise<string>
export declare function ensureServerBuild(name?: ServerEntry): Promise<string>
