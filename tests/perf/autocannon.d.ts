// The part of autocannon's API that the bench uses (the package ships no types).
declare module 'autocannon' {
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    setupRequest?: (req: Request) => Request;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    requests?: Request[];
  }
  export interface Stats {
    average: number;
    p50: number;
    p99: number;
    total: number;
  }
  export interface Result {
    requests: Stats;
    latency: Stats;
    throughput: Stats;
    '2xx': number;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  /** A run started with a callback: it reports each answer, and stop() ends it early. */
  export interface Instance {
    once(event: 'response', listener: () => void): Instance;
    stop(): void;
  }
  function autocannon(options: Options): Promise<Result>;
  function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
