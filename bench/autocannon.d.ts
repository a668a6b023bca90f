// The part of autocannon's API the load worker uses (the package ships no types).
declare module 'autocannon' {
  type Options = { url: string; connections: number; duration: number; headers?: Record<string, string>; timeout?: number };
  type Result = { non2xx: number; errors: number; timeouts: number; duration: number; requests: { total: number } };
  type Instance = { on(event: 'response', fn: (client: unknown, status: number, bytes: number, responseTime: number) => void): void };
  function autocannon(opts: Options, done: (err: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
